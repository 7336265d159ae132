/**
 * The product form's options: what a shopper chooses when ordering the piece. A choice (a
 * handle wood) has values, each with a surcharge (0.00 for none); a text (an engraving) has the
 * longest text accepted and a surcharge when one is given. Either may be required. "Add a
 * choice" and "Add a text" append one; each option and each value has its remove button. The
 * key (what a cart line names the option by) waits behind "Advanced" (./advanced-details.tsx):
 * it is made from the name when left empty; keep it when editing, or carts holding the option
 * lose it.
 */
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { AdvancedDetails } from './advanced-details';
import { newOption, type ProductFormValues } from './form-schema';

type Form = UseFormReturn<ProductFormValues>;

export function OptionsEditor({ form }: { form: Form }) {
  const options = useFieldArray({ control: form.control, name: 'options' });
  const errors = form.formState.errors.options;
  return (
    <div className="options-editor">
      {options.fields.length === 0 ? (
        <p className="muted">No options: the piece is sold as it is.</p>
      ) : null}
      {errors?.message || errors?.root?.message ? (
        <p className="field-error">{errors.message ?? errors.root?.message}</p>
      ) : null}
      {options.fields.map((field, index) => (
        <OptionFields
          key={field.id}
          form={form}
          index={index}
          onRemove={() => options.remove(index)}
        />
      ))}
      <div className="button-row">
        <button
          type="button"
          className="button"
          onClick={() => options.append(newOption('choice'))}
        >
          Add a choice
        </button>
        <button type="button" className="button" onClick={() => options.append(newOption('text'))}>
          Add a text
        </button>
      </div>
    </div>
  );
}

function OptionFields({
  form,
  index,
  onRemove,
}: {
  form: Form;
  index: number;
  onRemove: () => void;
}) {
  const kind = useWatch({ control: form.control, name: `options.${index}.kind` });
  const label = useWatch({ control: form.control, name: `options.${index}.label` });
  const errors = form.formState.errors.options?.[index];
  const id = (field: string) => `option-${index}-${field}`;
  const title = `Option ${index + 1}${label ? `: ${label}` : ''}`;
  return (
    <fieldset className="option-card">
      <legend>
        {title} <span className="muted small">({kind === 'choice' ? 'choice' : 'text'})</span>
      </legend>
      <FormField id={id('label')} label="Option name" error={errors?.label?.message}>
        <input id={id('label')} maxLength={100} {...form.register(`options.${index}.label`)} />
      </FormField>
      <label className="check">
        <input type="checkbox" {...form.register(`options.${index}.required`)} />
        <span>The shopper must {kind === 'choice' ? 'choose one' : 'fill it in'}</span>
      </label>
      {kind === 'choice' ? (
        <ChoiceValues form={form} index={index} />
      ) : (
        <div className="form-inline">
          <FormField
            id={id('max_length')}
            label="Longest text (characters)"
            error={errors?.max_length?.message}
          >
            <input
              id={id('max_length')}
              inputMode="numeric"
              {...form.register(`options.${index}.max_length`)}
            />
          </FormField>
          <FormField
            id={id('price_delta')}
            label="Surcharge when given"
            error={errors?.price_delta?.message}
          >
            <input
              id={id('price_delta')}
              inputMode="decimal"
              {...form.register(`options.${index}.price_delta`)}
            />
          </FormField>
        </div>
      )}
      <AdvancedDetails open={Boolean(errors?.key)}>
        <FormField
          id={id('key')}
          label="Key"
          hint="What a cart names the option by; made from the name when empty. Keep it once the product sells, or carts holding the option lose it."
          error={errors?.key?.message}
        >
          <input
            id={id('key')}
            className="mono"
            maxLength={40}
            autoCapitalize="off"
            spellCheck={false}
            {...form.register(`options.${index}.key`)}
          />
        </FormField>
      </AdvancedDetails>
      <div className="button-row">
        <button type="button" className="button button-small" onClick={onRemove}>
          Remove option {index + 1}
        </button>
      </div>
    </fieldset>
  );
}

function ChoiceValues({ form, index }: { form: Form; index: number }) {
  const values = useFieldArray({ control: form.control, name: `options.${index}.values` });
  const errors = form.formState.errors.options?.[index]?.values;
  const id = (j: number, field: string) => `option-${index}-value-${j}-${field}`;
  return (
    <div className="option-values">
      <h3 className="small">Values</h3>
      {errors?.message || errors?.root?.message ? (
        <p className="field-error" role="alert">
          {errors.message ?? errors.root?.message}
        </p>
      ) : null}
      <ol className="plain">
        {values.fields.map((field, j) => (
          <li key={field.id} className="form-inline option-value">
            <FormField id={id(j, 'label')} label="Value" error={errors?.[j]?.label?.message}>
              <input
                id={id(j, 'label')}
                maxLength={100}
                {...form.register(`options.${index}.values.${j}.label`)}
              />
            </FormField>
            <FormField
              id={id(j, 'price_delta')}
              className="field-narrow"
              label="Surcharge"
              error={errors?.[j]?.price_delta?.message}
            >
              <input
                id={id(j, 'price_delta')}
                inputMode="decimal"
                {...form.register(`options.${index}.values.${j}.price_delta`)}
              />
            </FormField>
            {errors?.[j]?.value?.message ? (
              <p className="field-error">{errors[j]?.value?.message}</p>
            ) : null}
            <button
              type="button"
              className="button button-small"
              onClick={() => values.remove(j)}
              aria-label={`Remove value ${j + 1} of option ${index + 1}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button-small"
        onClick={() => values.append({ value: '', label: '', price_delta: '0.00' })}
      >
        Add a value
      </button>
    </div>
  );
}
