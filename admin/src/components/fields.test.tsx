/**
 * A form's bound fields: each labelled, with its id from the form's prefix and its own error,
 * and a field whose name the form does not hold refused at once: by TypeScript with the fields
 * of `fieldsOf(form)` (the `@ts-expect-error` below fails `tsc` once the name is accepted), and
 * at run time in development and tests.
 */
import { render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Form, fieldsOf, InputField } from './fields';

function SellerForm({ field }: { field: string }) {
  const form = useForm({ defaultValues: { legal_name: 'Ember & Oak Ltd', vat_number: null } });
  return (
    <Form form={form} idPrefix="seller">
      <InputField name={field} label="Legal name" />
    </Form>
  );
}

describe('a bound field', () => {
  it('is labelled, bound to its value, and takes its id from the form and its name', () => {
    render(<SellerForm field="legal_name" />);
    const input = screen.getByLabelText('Legal name');
    expect(input).toHaveValue('Ember & Oak Ltd');
    expect(input).toHaveAttribute('id', 'seller-legal-name');
  });

  it('accepts a field whose value is empty (null)', () => {
    render(<SellerForm field="vat_number" />);
    expect(screen.getByLabelText('Legal name')).toHaveValue('');
  });

  it('refuses a name the form does not hold, so a misspelt field fails its test', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SellerForm field="legal_nmae" />)).toThrow(
      'The form has no field "legal_nmae"',
    );
    quiet.mockRestore();
  });
});

describe('the fields of a form (fieldsOf)', () => {
  it('are the same components, their names typed by the form', () => {
    function TypedSellerForm() {
      const form = useForm({ defaultValues: { legal_name: 'Ember & Oak Ltd', vat_number: null } });
      const fields = fieldsOf(form);
      expect(fields.InputField).toBe(InputField);
      return (
        <Form form={form} idPrefix="seller">
          <fields.InputField name="legal_name" label="Legal name" />
        </Form>
      );
    }
    render(<TypedSellerForm />);
    expect(screen.getByLabelText('Legal name')).toHaveAttribute('id', 'seller-legal-name');
  });

  it('refuse a misspelt name when type-checked, and still throw on it at run time', () => {
    function MisspeltSellerForm() {
      const form = useForm({ defaultValues: { legal_name: 'Ember & Oak Ltd' } });
      const { InputField: TypedInputField } = fieldsOf(form);
      return (
        <Form form={form} idPrefix="seller">
          {/* @ts-expect-error the form has no field "legal_nmae" */}
          <TypedInputField name="legal_nmae" label="Legal name" />
        </Form>
      );
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<MisspeltSellerForm />)).toThrow('The form has no field "legal_nmae"');
    quiet.mockRestore();
  });
});
