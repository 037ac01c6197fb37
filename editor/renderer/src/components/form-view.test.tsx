import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchemaNode } from '../../../shared/schema-walk.ts';
import type { EditorIssue } from '../../../shared/workspace-api.ts';
import { FormView } from './form-view.tsx';

const schema: SchemaNode = {
  type: 'object',
  required: ['name'],
  $defs: { colour: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } },
  properties: {
    name: { type: 'string', description: 'Site name.' },
    timeZone: { type: 'string', default: 'Australia/Brisbane' },
    features: { type: 'object', description: 'Switches.', properties: { compare: { type: 'boolean', default: true, description: 'Compare control.' } } },
    limits: { type: 'object', properties: { soldDays: { type: 'integer', minimum: 0, maximum: 14, default: 5, description: 'Days sold cars stay.' } } },
    theme: { type: 'object', properties: { primary: { $ref: '#/$defs/colour', default: '#1d4ed8', description: 'Brand colour.' } } },
    promotions: { type: 'array', items: { type: 'object', required: ['title'], properties: { title: { type: 'string' }, start: { type: 'string', format: 'date-time' } } } },
  },
};

const issue = (pointer: string, message: string): EditorIssue => ({ file: 'a.json', pointer, message, severity: 'error', formatted: '', line: 1, column: 1, endLine: 1, endColumn: 2 });

afterEach(cleanup);

function renderForm(doc: unknown, issues: EditorIssue[] = []) {
  const onChange = vi.fn();
  render(<FormView schema={schema} text={JSON.stringify(doc)} issues={issues} onChange={onChange} />);
  return onChange;
}

describe('FormView', () => {
  it("names a setting its help text mentions as the form does, and goes to it when pressed", () => {
    const described: SchemaNode = {
      type: 'object',
      properties: {
        features: { type: 'object', properties: { searchHistory: { type: 'boolean', description: 'Remember the latest searches on the device (search.searchHistoryLength), e.g. on www.example.com.au.' } } },
        search: { type: 'object', properties: { searchHistoryLength: { type: 'integer', minimum: 0, maximum: 50 } } },
      },
    };
    // jsdom lays nothing out: the scroll is a no-op here, the focus is what is checked.
    Element.prototype.scrollIntoView = vi.fn();
    render(<FormView schema={described} text="{}" issues={[]} onChange={vi.fn()} />);

    const help = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent?.startsWith('Remember') === true);
    expect(help.textContent).toBe('Remember the latest searches on the device (Search › Search history length), e.g. on www.example.com.au.');
    fireEvent.click(screen.getByRole('button', { name: 'Search › Search history length' }));
    expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: 'Search history length' }));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('an email address and a web address are one-line fields of their kind, however long they may be; long text is a text area', () => {
    const addresses: SchemaNode = {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', maxLength: 254 },
        siteUrl: { type: 'string', format: 'uri', maxLength: 2000 },
        intro: { type: 'string', maxLength: 2000 },
      },
    };
    render(<FormView schema={addresses} text="{}" issues={[]} onChange={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Email' }).outerHTML).toMatch(/^<input[^>]* type="email"/);
    expect(screen.getByRole('textbox', { name: /^Site/ }).outerHTML).toMatch(/^<input[^>]* type="url"/);
    expect(screen.getByRole('textbox', { name: 'Intro' }).tagName).toBe('TEXTAREA');
  });

  it('renders a switch from a boolean and reports the toggle by JSON pointer', () => {
    const onChange = renderForm({ name: 'Acme', features: { compare: true } });

    fireEvent.click(screen.getByRole('switch', { name: 'Compare' }));

    expect(onChange).toHaveBeenCalledWith('/features/compare', false);
  });

  it('shows a number with its range and default, and sends numbers', () => {
    const onChange = renderForm({ name: 'Acme' });
    const input = screen.getByRole('spinbutton', { name: 'Sold days' });

    fireEvent.change(input, { target: { value: '7' } });

    expect(input.getAttribute('min')).toBe('0');
    expect(input.getAttribute('max')).toBe('14');
    expect(screen.getByText(/Range 0 to 14 · Default: 5/).textContent).toContain('Days sold cars stay.');
    expect(onChange).toHaveBeenCalledWith('/limits/soldDays', 7);
  });

  it('offers a colour picker for theme colours', () => {
    const onChange = renderForm({ name: 'Acme', theme: { primary: '#112233' } });

    fireEvent.change(screen.getByLabelText('Primary colour picker'), { target: { value: '#abcdef' } });

    expect(onChange).toHaveBeenCalledWith('/theme/primary', '#abcdef');
  });

  it('edits promo date-times as wall time in the tenant time zone', () => {
    const onChange = renderForm({ name: 'Acme', promotions: [{ title: 'EOFY', start: '2026-06-01T00:00:00+10:00' }] });
    const start = screen.getByLabelText('Start');

    fireEvent.change(start, { target: { value: '2026-06-30T23:59' } });

    expect((start as HTMLInputElement).value).toBe('2026-06-01T00:00');
    expect(onChange).toHaveBeenCalledWith('/promotions/0/start', '2026-06-30T23:59:00+10:00');
  });

  it('shows a validator issue on its field and marks it invalid', () => {
    renderForm({ name: '' }, [issue('/name', 'must not be empty')]);

    const name = screen.getByRole('textbox', { name: 'Name' });

    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain('issues');
    expect(screen.getByText('must not be empty').tagName).toBe('LI');
  });

  it('marks values that differ from the default and resets them', () => {
    const onChange = renderForm({ name: 'Acme', features: { compare: false } });

    fireEvent.click(screen.getByRole('button', { name: 'Reset Compare to its default' }));

    expect(screen.getByText('Changed from default').className).toBe('default-badge differs');
    expect(onChange).toHaveBeenCalledWith('/features/compare', undefined);
  });

  it('asks for valid JSON instead of showing a broken form', () => {
    render(<FormView schema={schema} text="{ nope" issues={[]} onChange={vi.fn()} />);

    expect(screen.getByRole('heading', { name: 'The form needs valid JSON' }).tagName).toBe('H2');
  });
});
