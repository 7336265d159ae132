/**
 * The product form's Attributes: the rows of the product page's details table (name and value),
 * each movable up and down and removable, and "Add an attribute".
 */
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { type ProductFormValues } from './form-schema';

/** The details table's rows (name and value), in the order the product page shows them. */
export function AttributesEditor({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const rows = useFieldArray({ control: form.control, name: 'attributes' });
  const errors = form.formState.errors.attributes;
  return (
    <>
      {rows.fields.length === 0 ? (
        <p className="muted">No attributes (e.g. Blade steel: VG-10).</p>
      ) : null}
      <ol className="plain attribute-rows">
        {rows.fields.map((field, i) => (
          <li key={field.id} className="form-inline">
            <FormField
              id={`attribute-${i}-name`}
              label={`Attribute ${i + 1} name`}
              error={errors?.[i]?.name?.message}
            >
              <input
                id={`attribute-${i}-name`}
                maxLength={100}
                {...form.register(`attributes.${i}.name`)}
              />
            </FormField>
            <FormField
              id={`attribute-${i}-value`}
              label={`Attribute ${i + 1} value`}
              error={errors?.[i]?.value?.message}
            >
              <input
                id={`attribute-${i}-value`}
                maxLength={500}
                {...form.register(`attributes.${i}.value`)}
              />
            </FormField>
            <div className="button-row">
              <button
                type="button"
                className="button button-small"
                disabled={i === 0}
                aria-label={`Move attribute ${i + 1} up`}
                onClick={() => rows.move(i, i - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button-small"
                disabled={i === rows.fields.length - 1}
                aria-label={`Move attribute ${i + 1} down`}
                onClick={() => rows.move(i, i + 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove attribute ${i + 1}`}
                onClick={() => rows.remove(i)}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button-small"
        onClick={() => rows.append({ name: '', value: '' })}
      >
        Add an attribute
      </button>
    </>
  );
}
