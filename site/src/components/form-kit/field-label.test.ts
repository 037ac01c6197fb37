import { afterEach, describe, expect, it } from 'vitest';
import { formFieldLabel } from './field-label.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A form with `html` inside. */
function form(html: string): HTMLFormElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('form')!;
}

describe('formFieldLabel: a field named as the form shows it', () => {
  it('a checkbox group is named by its legend, not by its first option', () => {
    const f = form('<fieldset><legend>How should we contact you?</legend><label><input type="checkbox" name="contact" value="email"> Email</label><label><input type="checkbox" name="contact" value="phone"> Phone</label></fieldset>');
    expect(formFieldLabel(f, 'contact')).toBe('How should we contact you?');
  });
  it('a radio group by its legend; a lone field by its label; a hidden field not at all', () => {
    const f = form('<fieldset><legend>State of registration</legend><label><input type="radio" name="regoState" value="QLD"> QLD</label><label><input type="radio" name="regoState" value="NSW"> NSW</label></fieldset><label for="e">Email address</label><input id="e" name="email"><input type="hidden" name="car_id" value="1">');
    expect(formFieldLabel(f, 'regoState')).toBe('State of registration');
    expect(formFieldLabel(f, 'email')).toBe('Email address');
    expect(formFieldLabel(f, 'car_id')).toBeUndefined();
  });
});
