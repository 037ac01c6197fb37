import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RangeFacet } from './facets.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderPrice(onRefine: (value: [number, number]) => void) {
  render(
    <RangeFacet
      title="Price"
      attribute="price"
      bounds={{ min: 0, max: 150000, step: 1000 }}
      value={[0, 150000]}
      rounding={1000}
      debounceMs={400}
      format={(n) => `$${n}`}
      onRefine={onRefine}
    />,
  );
  return { thumb: screen.getByRole('slider', { name: 'Maximum price' }), box: screen.getByRole('textbox', { name: 'Maximum price' }) };
}

describe('RangeFacet', () => {
  it('applies an amount typed after a thumb move, not the thumb move, and keeps the same box', () => {
    vi.useFakeTimers();
    const onRefine = vi.fn();
    const { thumb, box } = renderPrice(onRefine);
    fireEvent.change(thumb, { target: { value: '112000' } });
    // The box shows the thumb's value and is still the element the shopper is typing into.
    expect(screen.getByRole('textbox', { name: 'Maximum price' })).toBe(box);
    expect((box as HTMLInputElement).value).toBe('$112000');
    fireEvent.change(box, { target: { value: '62,499' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    act(() => vi.advanceTimersByTime(400));
    expect(onRefine).toHaveBeenCalledTimes(1);
    expect(onRefine).toHaveBeenCalledWith([0, 62000]);
    expect((box as HTMLInputElement).value).toBe('$62000');
  });

  it('puts the current amount back when a box is left empty', () => {
    vi.useFakeTimers();
    const onRefine = vi.fn();
    const { box } = renderPrice(onRefine);
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.blur(box);
    act(() => vi.advanceTimersByTime(400));
    expect(onRefine).not.toHaveBeenCalled();
    expect((box as HTMLInputElement).value).toBe('$150000');
  });

  it('a box the shopper is typing in keeps its text and selection when a thumb move is played back meanwhile', () => {
    vi.useFakeTimers();
    const onRefine = vi.fn();
    const { thumb, box } = renderPrice(onRefine);
    const input = box as HTMLInputElement;
    act(() => input.focus());
    input.select();
    // A thumb move made while the page started, played back now.
    fireEvent.change(thumb, { target: { value: '112000' } });
    expect(input.value).toBe('$150000');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
    // Typing over the selection, then Enter: the typed amount is applied.
    fireEvent.change(input, { target: { value: '62,499' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    act(() => vi.advanceTimersByTime(400));
    expect(onRefine).toHaveBeenLastCalledWith([0, 62000]);
  });

  it('a box focused and left unchanged applies nothing, and the thumb move stands', () => {
    vi.useFakeTimers();
    const onRefine = vi.fn();
    const { thumb, box } = renderPrice(onRefine);
    const input = box as HTMLInputElement;
    act(() => input.focus());
    fireEvent.change(thumb, { target: { value: '112000' } });
    fireEvent.blur(input);
    act(() => vi.advanceTimersByTime(400));
    expect(onRefine).toHaveBeenCalledTimes(1);
    expect(onRefine).toHaveBeenCalledWith([0, 112000]);
    expect(input.value).toBe('$112000');
  });
});
