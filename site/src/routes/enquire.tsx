import { createFileRoute } from '@tanstack/react-router';
import { formCarTitle, loadFormCar } from '../app/form-route.ts';
import { formSearchSchema } from '../app/form-search.ts';
import { pageHead } from '../app/head.ts';
import { EnquiryForm } from '../components/lead-forms/enquiry-form.tsx';
import styles from '../components/form-kit/form-kit.module.css';

// The enquiry form as a page (spec §2 'Enquire Now' / 'Message Now'): /enquire for a general
// enquiry, /enquire?car_id={id or slug} about a car (the vehicle page's Enquire button).
export const Route = createFileRoute('/enquire')({
  validateSearch: (search) => formSearchSchema.parse(search),
  loaderDeps: ({ search }) => ({ car: search.car_id }),
  loader: async ({ context, deps }) => ({ car: await loadFormCar(context, deps.car) }),
  head: ({ match, loaderData }) => {
    const car = formCarTitle(loaderData?.car ?? null);
    const title = match.context.tenant.labels.enquiryFormTitle;
    return pageHead(match.context.tenant, car ? { title: `${title}: ${car}`, noindex: true } : { title, canonicalPath: '/enquire' });
  },
  component: EnquireRoute,
});

function EnquireRoute() {
  const { car } = Route.useLoaderData();
  const { category } = Route.useSearch();
  return (
    <div className="container section">
      <div className={`card ${styles.formCard} ${styles.narrow}`}>
        <EnquiryForm car={car} defaultCategory={category} headingLevel={1} />
      </div>
    </div>
  );
}
