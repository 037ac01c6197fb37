import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { afterEach, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { TenantProvider } from '../../lib/tenant-context.tsx';
import { featureComponent } from '../../lib/feature-component.tsx';
import type { LeadFormPageProps } from '../../components/lead-forms/lead-form-props.ts';
import { useLeadFormHost } from '../../components/form-kit/lead-form-host.ts';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { carFixture } from '../../test/car-fixture.ts';
import { AppLink } from '../../components/app-link/app-link.tsx';
import { CardFormDialogs, type CardForms, type CardFormsModule } from './card-forms.tsx';

afterEach(cleanup);

const SEARCH = '/search/new-used-and-demo-cars/?make=Toyota';
const ENQUIRY = '/enquire?car_id=42';
const TEST_DRIVE = '/book-test-drive/?car_id=42';

/** A stand-in form: names the car it was given, and "sends" through the dialog's host. */
function StandInForm({ car }: LeadFormPageProps) {
  const host = useLeadFormHost();
  return (
    <form aria-label="Stand-in form">
      <p>About the {car?.make} {car?.model}</p>
      <label>
        First Name <input name="name" />
      </label>
      <button type="button" onClick={() => host?.onSent('enquiry')}>
        Send
      </button>
    </form>
  );
}

const forms: CardForms = {
  enquiry: { Form: featureComponent(() => Promise.resolve({ default: StandInForm })), title: () => 'Enquire Now' },
};
// Only the enquiry: the test drive's button stays a link.
const offered = { enquiry: true };
const load = (): Promise<CardFormsModule> => Promise.resolve({ forms, loadHost: () => import('./card-form-modal-host.tsx') });

function renderCards(): { router: AnyRouter } {
  const root = createRootRoute({
    component: () => (
      <>
        <article data-testid="car-card">
          <AppLink href={ENQUIRY} data-form="enquiry">
            Enquire
          </AppLink>
          <AppLink href={TEST_DRIVE} data-form="test_drive">
            Book a Test Drive
          </AppLink>
        </article>
        <CardFormDialogs offered={offered} load={load} />
      </>
    ),
  });
  const routeTree = root.addChildren(['$', 'enquire', 'book-test-drive/'].map((path) => createRoute({ getParentRoute: () => root, path })));
  const queryClient = createQueryClient();
  // The car as the form page's loader would have cached it (the card's hover preloads that page).
  queryClient.setQueryData(['form-car', '42'], carFixture());
  const services = { fetch: () => Promise.reject(new Error('no network in this test')), origin: { host: 'localhost', protocol: 'http:' }, cookie: () => '', now: () => 0 };
  const router = createRouter({ routeTree, trailingSlash: 'preserve', history: createMemoryHistory({ initialEntries: [SEARCH] }), context: { services } as never });
  render(
    <TenantProvider tenant={tenantFixture()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </TenantProvider>,
  );
  return { router: router as unknown as AnyRouter };
}

/** What the address bar shows (the history's own location, the masked one while a dialog is open). */
const addressBar = (router: AnyRouter) => router.history.location.href;

async function openEnquiry(router: AnyRouter) {
  const link = await screen.findByRole('link', { name: 'Enquire' });
  link.focus();
  fireEvent.click(link);
  // The dialog's code loads on the first opening: a busy machine can take more than the default second.
  const dialog = await screen.findByRole('dialog', { name: 'Enquire Now' }, { timeout: 10_000 });
  expect(addressBar(router)).toBe(ENQUIRY);
  return { link, dialog };
}

it('keeps the card buttons real links to the form pages', async () => {
  renderCards();
  expect((await screen.findByRole('link', { name: 'Enquire' })).getAttribute('href')).toBe(ENQUIRY);
  expect(screen.getByRole('link', { name: 'Book a Test Drive' }).getAttribute('href')).toBe(TEST_DRIVE);
});

it('opens the form in a dialog named by its title at the form page address, moves focus in, and on Escape gives back the address and focus', async () => {
  const { router } = renderCards();
  const { link, dialog } = await openEnquiry(router);
  expect(await screen.findByText('About the Toyota Corolla')).toBeTruthy();
  // The page under the dialog is still the search page (the router's location), only the address changed.
  expect(router.state.location.href).toBe(SEARCH);
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(addressBar(router)).toBe(SEARCH);
  await waitFor(() => expect(document.activeElement).toBe(link));
});

it('closes on Back, with focus on the button it was opened from', async () => {
  const { router } = renderCards();
  const { link } = await openEnquiry(router);
  act(() => router.history.back());
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(addressBar(router)).toBe(SEARCH);
  await waitFor(() => expect(document.activeElement).toBe(link));
});

it('goes back once when the close button is pressed twice before the address has changed', async () => {
  const { router } = renderCards();
  await openEnquiry(router);
  const close = screen.getByRole('button', { name: 'Close' });
  fireEvent.click(close);
  fireEvent.click(close);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(addressBar(router)).toBe(SEARCH);
  expect(router.history.canGoBack()).toBe(false);
});

it('shows the success text in the dialog once sent; Keep browsing closes it and hands focus back', async () => {
  const { router } = renderCards();
  const { link } = await openEnquiry(router);
  fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
  const thanks = await screen.findByRole('heading', { name: 'Thank you' });
  expect(screen.getByText('Your enquiry has been sent.')).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(thanks));
  fireEvent.click(screen.getByRole('button', { name: 'Keep browsing' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(addressBar(router)).toBe(SEARCH);
  await waitFor(() => expect(document.activeElement).toBe(link));
});

it('leaves a click meant for a new tab to the browser, and a form the site did not hand in to its page', async () => {
  const { router } = renderCards();
  const link = await screen.findByRole('link', { name: 'Enquire' });
  // Whether the page let the click through, read as it reaches the window (then stopped there:
  // the test's document does not open tabs).
  let letThrough: boolean | null = null;
  window.addEventListener(
    'click',
    (event) => {
      letThrough = !event.defaultPrevented;
      event.preventDefault();
    },
    { once: true },
  );
  link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
  expect(letThrough).toBe(true);
  expect(screen.queryByRole('dialog')).toBeNull();
  // No test-drive form here: the button goes to its page like any link.
  fireEvent.click(screen.getByRole('link', { name: 'Book a Test Drive' }));
  await waitFor(() => expect(router.state.location.href).toBe(TEST_DRIVE));
  expect(screen.queryByRole('dialog')).toBeNull();
});
