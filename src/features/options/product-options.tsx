import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, type ReactElement } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type ControllerRenderProps,
} from 'react-hook-form';
import {
  NO_CHOICE_LABEL,
  choiceLabel,
  initialOptionValues,
  textOptionLabel,
  unitPrice,
  type OptionValues,
  type ProductOption,
} from './api';
import { optionsSchema } from './options-schema';
import { Price } from '../../components/price';
import { useCurrency } from '../site/api';

/**
 * The form of a product's options (react-hook-form with the zod schema of ./options-schema.ts):
 * a required choice starts on its first value, an optional one on "None", a text empty. Checked
 * as the shopper changes a field, so a pasted control character is pointed out at once.
 */
export function useOptionsForm(options: readonly ProductOption[]) {
  const resolver = useMemo(() => zodResolver(optionsSchema(options)), [options]);
  return useForm<OptionValues>({
    resolver,
    defaultValues: initialOptionValues(options),
    mode: 'onChange',
  });
}

interface OptionsPriceProps {
  product: { price: string; price_before_discount?: string | null; options: ProductOption[] };
  control: Control<OptionValues>;
}

/**
 * The product page's price for the shopper's current choices: the product's price plus the
 * chosen options' surcharges, and the struck-through old price plus the same surcharges (the
 * discount is on the piece, not on its options). Announced politely when the piece has options,
 * since the choices that move it sit further down.
 */
export function OptionsPrice({ product, control }: OptionsPriceProps) {
  const values = useWatch({ control });
  const currency = useCurrency();
  const discounted = product.price_before_discount != null && product.price_before_discount !== '';
  return (
    <Price
      className="catalog-price--large"
      currency={currency}
      price={unitPrice(product.price, product.options, values)}
      before={
        discounted ? unitPrice(product.price_before_discount!, product.options, values) : null
      }
      live={product.options.length > 0}
    />
  );
}

interface OptionFieldProps {
  option: ProductOption;
  control: Control<OptionValues>;
}

/**
 * The form's control of `option` (react-hook-form's Controller): `children` draws it from the
 * field and the field's message (the form's or the server's), when there is one.
 */
function OptionControl({
  option,
  control,
  children,
}: OptionFieldProps & {
  children: (
    field: ControllerRenderProps<OptionValues, string>,
    error: string | undefined,
  ) => ReactElement;
}) {
  return (
    <Controller
      control={control}
      name={option.key}
      render={({ field, fieldState }) => children(field, fieldState.error?.message)}
    />
  );
}

/** The message under an option's control (id `id`, which the control names as its description). */
function OptionError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="catalog-option__error">
      {error}
    </p>
  ) : null;
}

/** A choice as a radio group: the legend is the option's label, "None" first when optional. */
function ChoiceField({ option, control }: OptionFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const currency = useCurrency();
  const choices = option.required
    ? option.values
    : [{ value: '', label: NO_CHOICE_LABEL, price_delta: '0.00' }, ...option.values];

  return (
    <OptionControl option={option} control={control}>
      {(field, error) => {
        // Focus (after a refused add) goes to the checked radio, else the first.
        const focusIndex = Math.max(
          0,
          choices.findIndex((choice) => choice.value === field.value),
        );
        return (
          <fieldset
            className="catalog-option"
            aria-describedby={error ? errorId : undefined}
            data-invalid={error ? true : undefined}
          >
            <legend className="catalog-option__label">{option.label}</legend>
            <div className="catalog-option__choices">
              {choices.map((choice, index) => (
                <label key={choice.value} className="catalog-choice">
                  <input
                    type="radio"
                    className="catalog-choice__input"
                    name={`option-${option.key}`}
                    value={choice.value}
                    checked={field.value === choice.value}
                    onChange={() => field.onChange(choice.value)}
                    onBlur={field.onBlur}
                    ref={index === focusIndex ? field.ref : undefined}
                  />
                  <span className="catalog-choice__text">{choiceLabel(choice, currency)}</span>
                </label>
              ))}
            </div>
            <OptionError id={errorId} error={error} />
          </fieldset>
        );
      }}
    </OptionControl>
  );
}

/**
 * A text (an engraving) as a labelled field: the label carries the surcharge, the field stops
 * at `max_length` and a count below it ('3 of 24 characters') is announced politely.
 */
function TextField({ option, control }: OptionFieldProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const max = option.max_length;
  const currency = useCurrency();

  return (
    <OptionControl option={option} control={control}>
      {(field, error) => {
        const value = field.value ?? '';
        const describedBy = [max != null ? countId : null, error ? errorId : null]
          .filter(Boolean)
          .join(' ');
        return (
          <div className="catalog-option" data-invalid={error ? true : undefined}>
            <label htmlFor={inputId} className="catalog-option__label">
              {textOptionLabel(option, currency)}
            </label>
            <input
              id={inputId}
              type="text"
              className="catalog-option__text"
              name={`option-${option.key}`}
              value={value}
              maxLength={max ?? undefined}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
            {max != null ? (
              <p id={countId} className="catalog-option__count" aria-live="polite">
                {`${[...value].length} of ${max} characters`}
              </p>
            ) : null}
            <OptionError id={errorId} error={error} />
          </div>
        );
      }}
    </OptionControl>
  );
}

interface ProductOptionsProps {
  options: readonly ProductOption[];
  control: Control<OptionValues>;
}

/**
 * A product's options above Add to Cart (contract: ProductOption): each choice a radio group
 * ('Ebony (+$20.00)'), each text a field with its count; the field's message (the form's or
 * the server's `customization.<key>`) under its control. Nothing for a product without options.
 */
export function ProductOptions({ options, control }: ProductOptionsProps) {
  if (options.length === 0) return null;
  return (
    <div className="catalog-options">
      {options.map((option) =>
        option.kind === 'choice' ? (
          <ChoiceField key={option.key} option={option} control={control} />
        ) : (
          <TextField key={option.key} option={option} control={control} />
        ),
      )}
    </div>
  );
}
