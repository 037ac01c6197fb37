import { afterAll, afterEach, beforeEach, expect, test, vi } from "vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";

// The bundle's feature switch the car cards read when their module loads, off; put back after
// this file, since the page's globals outlive a file.
const featureGlobals = vi.hoisted(() => {
  const before = new Map<string, unknown>();
  for (const name of [
    "__FEATURE_SERIES_IN_TITLE__",
    "__FEATURE_TEST_DRIVE__",
    "__FEATURE_FINANCE_ENQUIRY__",
    "__FEATURE_FINANCE_SUMMARY__",
    "__FEATURE_RESERVE_BUTTON__",
    "__FEATURE_BUY_ONLINE__",
    "__FEATURE_ONLINE_PURCHASE__",
    "__FEATURE_SUBSCRIPTION_LAYOUT__",
    "__FEATURE_VIEW_COUNTS__",
  ]) {
    before.set(
      name,
      Object.prototype.hasOwnProperty.call(globalThis, name)
        ? (globalThis as Record<string, unknown>)[name]
        : undefined,
    );
    Object.assign(globalThis, { [name]: false });
  }
  return before;
});
afterAll(() => {
  for (const [name, value] of featureGlobals) {
    if (value === undefined) Reflect.deleteProperty(globalThis, name);
    else Object.assign(globalThis, { [name]: value });
  }
});

import { renderWithApp } from "../../test/render.tsx";
import { tenantFixture } from "../../test/tenant-fixture.ts";
import { browserServices } from "../../lib/services.ts";
import { ToastProvider } from "../../components/ui/toast.tsx";
import ComparePage from "./compare-page.tsx";

const tenant = tenantFixture();
const KEY = `forecourt:${tenant.slug}:compare`;
const saved = [
  {
    id: 11,
    slug: "sold-car",
    name: "2019 Toyota Corolla Ascent",
    make: "Toyota",
    model: "Corolla",
    primary_image_url: null,
  },
  {
    id: 12,
    slug: "other-sold-car",
    name: "2020 Mazda CX-5 Maxx",
    make: "Mazda",
    model: "CX-5",
    primary_image_url: null,
  },
];

// Both cars' answers are held until the test lets them go: a 404 (the car is gone).
let release: () => void = () => {};
const answered = new Promise<void>((resolve) => {
  release = resolve;
});
const fetchMock = vi.fn(async () => {
  await answered;
  return new Response(JSON.stringify({ error: "Not found" }), {
    status: 404,
    headers: { "content-type": "application/json" },
  });
});

beforeEach(() => {
  localStorage.setItem(KEY, JSON.stringify(saved));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  localStorage.removeItem(KEY);
  vi.unstubAllGlobals();
});

/** What comes before a car's Remove button in its column (element and text), top to bottom. */
function aboveRemove(column: HTMLElement): string[] {
  const remove = column.querySelector("button")!;
  return [...column.children]
    .slice(0, [...column.children].indexOf(remove))
    .map((element) => `${element.tagName}:${element.textContent}`);
}

test("a compared car's note (no longer available) appears under its Remove button: nothing above the button changes when the answer arrives", async () => {
  renderWithApp(
    <ToastProvider>
      <ComparePage />
    </ToastProvider>,
    {
      tenant,
      path: "/compare",
      pages: ["compare", "$"],
      services: browserServices(),
    },
  );
  const columns = await screen.findAllByTestId("compare-car");
  expect(columns).toHaveLength(2);
  const before = columns.map(aboveRemove);
  release();
  await waitFor(() =>
    expect(screen.getAllByText("No longer available")).toHaveLength(2),
  );
  expect(screen.getAllByTestId("compare-car").map(aboveRemove)).toEqual(before);
  for (const column of screen.getAllByTestId("compare-car"))
    expect(column.lastElementChild?.textContent).toBe("No longer available");
});
