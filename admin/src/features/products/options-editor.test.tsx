import { fireEvent, render, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_PRODUCT, updateBodyOf, type ProductFormValues } from './form-schema';
import { OptionsEditor } from './options-editor';

/** Receives what each submit sent. */
const onSubmit = vi.fn<(values: ProductFormValues) => void>();

function Harness({ initial = EMPTY_PRODUCT }: { initial?: ProductFormValues }) {
  const form = useForm<ProductFormValues>({ defaultValues: initial });
  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values))}>
      <OptionsEditor form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

async function submitted(): Promise<ProductFormValues> {
  onSubmit.mockClear();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByRole('button', { name: 'Save' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const values = onSubmit.mock.calls.at(-1)?.[0];
  if (!values) throw new Error('not submitted');
  return values;
}

describe('the options editor', () => {
  it('adds a choice with values and surcharges, and a text with its length and surcharge', async () => {
    render(<Harness />);
    expect(screen.getByText(/No options/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add a choice' }));
    const choice = screen.getByRole('group', { name: /Option 1/ });
    fireEvent.change(within(choice).getByLabelText('Option name'), {
      target: { value: 'Handle wood' },
    });
    fireEvent.change(within(choice).getByLabelText('Value'), { target: { value: 'Oak' } });
    fireEvent.click(within(choice).getByRole('button', { name: 'Add a value' }));
    const values = within(choice).getAllByLabelText('Value');
    expect(values).toHaveLength(2);
    fireEvent.change(values[1]!, { target: { value: 'Ebony' } });
    fireEvent.change(within(choice).getAllByLabelText('Surcharge')[1]!, {
      target: { value: '30' },
    });
    fireEvent.click(within(choice).getByLabelText(/must choose one/));

    fireEvent.click(screen.getByRole('button', { name: 'Add a text' }));
    const text = screen.getByRole('group', { name: /Option 2/ });
    fireEvent.change(within(text).getByLabelText('Option name'), {
      target: { value: 'Engraving' },
    });
    fireEvent.change(within(text).getByLabelText('Longest text (characters)'), {
      target: { value: '20' },
    });
    fireEvent.change(within(text).getByLabelText('Surcharge when given'), {
      target: { value: '15.00' },
    });

    const body = updateBodyOf({ ...EMPTY_PRODUCT, ...(await submitted()) });
    expect(body.options).toEqual([
      {
        key: 'handle_wood',
        label: 'Handle wood',
        kind: 'choice',
        required: true,
        values: [
          { value: 'oak', label: 'Oak', price_delta: '0.00' },
          { value: 'ebony', label: 'Ebony', price_delta: '30.00' },
        ],
        max_length: null,
        price_delta: '0.00',
      },
      {
        key: 'engraving',
        label: 'Engraving',
        kind: 'text',
        required: false,
        values: [],
        max_length: 20,
        price_delta: '15.00',
      },
    ]);
  });

  it('removes a value and an option', async () => {
    render(
      <Harness
        initial={{
          ...EMPTY_PRODUCT,
          options: [
            {
              key: 'handle',
              label: 'Handle',
              kind: 'choice',
              required: false,
              values: [
                { value: 'oak', label: 'Oak', price_delta: '0.00' },
                { value: 'ash', label: 'Ash', price_delta: '0.00' },
              ],
              max_length: '',
              price_delta: '0.00',
            },
            {
              key: 'engraving',
              label: 'Engraving',
              kind: 'text',
              required: false,
              values: [],
              max_length: '20',
              price_delta: '5.00',
            },
          ],
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove value 1 of option 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove option 2' }));
    const values = await submitted();
    expect(values.options).toHaveLength(1);
    expect(values.options[0]!.values.map((v) => v.label)).toEqual(['Ash']);
    expect(screen.queryByRole('group', { name: /Option 2/ })).toBeNull();
  });
});
