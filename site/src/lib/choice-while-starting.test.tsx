import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, useRef, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { replayHeldInput, useChoiceMadeWhileStarting } from './hydration-replay.ts';
import { leaveHeldInputPage, startHeldInputPage } from '../test/held-input-page.ts';

// Two dependent selects as the lead forms have them (a dealership, then its locations), with real
// React hydration and the page's real input-holding script.

const LOCATIONS: Record<string, string[]> = { north: ['north-yard', 'north-workshop'], south: ['south-yard'] };

function Picker({ onDealership }: { onDealership: (value: string) => void }) {
  const [dealership, setDealership] = useState('');
  const ref = useRef<HTMLSelectElement>(null);
  const choose = (value: string) => {
    onDealership(value);
    setDealership(value);
  };
  useChoiceMadeWhileStarting(ref, dealership, choose);
  const locations = LOCATIONS[dealership] ?? [];
  return (
    <main data-interactive="true">
      <select ref={ref} aria-label="Dealership" value={dealership} onChange={(event) => choose(event.currentTarget.value)}>
        <option value="">Please Select</option>
        <option value="north">North</option>
        <option value="south">South</option>
      </select>
      {locations.length > 1 ? (
        <select aria-label="Location" defaultValue="">
          {locations.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
      ) : null}
    </main>
  );
}

function pick(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('a dealership chosen while the page starts', () => {
  let container: HTMLElement;
  let root: Root | undefined;
  const onDealership = vi.fn();
  const dealership = () => container.querySelector<HTMLSelectElement>('select[aria-label="Dealership"]')!;
  const location = () => container.querySelector<HTMLSelectElement>('select[aria-label="Location"]');

  beforeEach(() => {
    onDealership.mockReset();
    container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Picker onDealership={onDealership} />);
    startHeldInputPage();
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
    leaveHeldInputPage();
  });

  async function hydrate() {
    await act(async () => {
      root = hydrateRoot(container, <Picker onDealership={onDealership} />);
    });
    void replayHeldInput();
  }

  it('after the script stopped holding (slow scripts): adopted when the select hydrates, and its locations open', async () => {
    window.fcHydrated = 'timeout';
    pick(dealership(), 'north');
    expect(window.fcHeldInput).toHaveLength(0);
    await hydrate();
    expect(onDealership.mock.calls).toEqual([['north']]);
    expect(dealership().value).toBe('north');
    expect(location()).not.toBeNull();
  });

  it('held by the script: the select keeps showing the choice until it is played back, though React renders its own value over it', async () => {
    pick(dealership(), 'north');
    expect(window.fcHeldInput).toHaveLength(1);
    await act(async () => {
      root = hydrateRoot(container, <Picker onDealership={onDealership} />);
    });
    // Another render before the play-back (the form turning interactive does one) sets the select
    // to React's value, the placeholder; the shopper's choice is shown again in the same task, so
    // what reads the select straight after (the shopper, a screen reader, the form's own checks)
    // finds the choice, not the placeholder for a frame.
    act(() => root!.render(<Picker onDealership={(value) => onDealership(value)} />));
    expect(dealership().value).toBe('north');
    expect(onDealership).not.toHaveBeenCalled();
    await act(async () => {
      await replayHeldInput();
    });
    expect(onDealership.mock.calls).toEqual([['north']]);
    expect(location()).not.toBeNull();
  });

  it('held by the script: played back once, not adopted as well', async () => {
    pick(dealership(), 'north');
    expect(window.fcHeldInput).toHaveLength(1);
    await hydrate();
    await vi.waitFor(() => expect(onDealership).toHaveBeenCalled(), { timeout: 2000 });
    await act(async () => {
      await replayHeldInput();
    });
    expect(onDealership.mock.calls).toEqual([['north']]);
    expect(location()).not.toBeNull();
  });
});
