import { afterEach, expect, test } from 'vitest';
import { COOKIE_CHOICE_ATTRIBUTE, cookieChoiceScript, onConsentSettings, openConsentSettings } from './consent-settings.ts';

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute(COOKIE_CHOICE_ATTRIBUTE);
});

const run = (source: string) => new Function(source)() as unknown;

test('before the first paint: <html> is marked when the device holds a cookie choice, and not otherwise', () => {
  const key = 'forecourt:big-lot:cookie-consent';
  run(cookieChoiceScript(key));
  expect(document.documentElement.hasAttribute('data-cookie-choice')).toBe(false);
  window.localStorage.setItem(key, JSON.stringify({ choice: 'denied', at: 1 }));
  run(cookieChoiceScript(key));
  expect(document.documentElement.hasAttribute('data-cookie-choice')).toBe(true);
});

test('a key with quotes cannot break out of the script', () => {
  expect(() => run(cookieChoiceScript('a"b\'c</script>'))).not.toThrow();
});

test('"Cookie settings" pressed before the banner listens (its code loads after hydration) opens it once it does, once', () => {
  const button = document.createElement('button');
  openConsentSettings(button);
  const opened: (HTMLElement | null)[] = [];
  const stop = onConsentSettings((opener) => opened.push(opener));
  expect(opened).toEqual([button]);
  openConsentSettings(null);
  expect(opened).toEqual([button, null]);
  stop();
  const again: (HTMLElement | null)[] = [];
  onConsentSettings((opener) => again.push(opener))();
  expect(again).toEqual([]);
});
