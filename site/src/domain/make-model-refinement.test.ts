import { describe, expect, test } from 'vitest';
import { toggleMake, toggleModel } from './make-model-refinement.ts';

describe('make and model refinements as one change', () => {
  test('ticking a model of an unticked make ticks both at once', () => {
    expect(toggleModel({ make: [], make_model: [] }, 'Kia Sportage', 'Kia', { dropMakeWithLastModel: true })).toEqual({ make: ['Kia'], make_model: ['Kia Sportage'] });
    expect(toggleModel({ make: ['Kia'], make_model: ['Kia Sportage'] }, 'Kia Seltos', 'Kia', { dropMakeWithLastModel: true })).toEqual({ make: ['Kia'], make_model: ['Kia Sportage', 'Kia Seltos'] });
  });
  test('on a single-make site unticking the last model unticks the make; another model keeps it', () => {
    expect(toggleModel({ make: ['Kia'], make_model: ['Kia Sportage'] }, 'Kia Sportage', 'Kia', { dropMakeWithLastModel: true })).toEqual({ make: [], make_model: [] });
    expect(toggleModel({ make: ['Kia'], make_model: ['Kia Sportage', 'Kia Seltos'] }, 'Kia Sportage', 'Kia', { dropMakeWithLastModel: true })).toEqual({ make: ['Kia'], make_model: ['Kia Seltos'] });
  });
  test('on a several-make site the make stays ticked without its models', () => {
    expect(toggleModel({ make: ['Toyota'], make_model: ['Toyota Corolla'] }, 'Toyota Corolla', 'Toyota', { dropMakeWithLastModel: false })).toEqual({ make: ['Toyota'], make_model: [] });
  });
  test('a model whose make is not in the stock only toggles the model', () => {
    expect(toggleModel({ make: [], make_model: [] }, 'Kia Sportage', null, { dropMakeWithLastModel: true })).toEqual({ make: [], make_model: ['Kia Sportage'] });
  });
  test('unticking a make drops its models and keeps the other makes’', () => {
    expect(toggleMake({ make: ['Kia', 'Mazda'], make_model: ['Kia Sportage', 'Mazda CX-5'] }, 'Kia')).toEqual({ make: ['Mazda'], make_model: ['Mazda CX-5'] });
    expect(toggleMake({ make: ['Mazda'], make_model: [] }, 'Kia')).toEqual({ make: ['Mazda', 'Kia'], make_model: [] });
  });
});
