/**
 * The product safety fields (EU General Product Safety Regulation (EU) 2023/988 art. 19, and
 * art. 16's EU responsible person; decision 083), shared by the product editor ("Product
 * safety", a product's own values) and Settings → Workshop ("Product safety", the shop's
 * default). Plain text only; the limits and the pictograms are common/product-safety.ts's.
 *
 * With `shopDefault` (the product editor), each field that the product may leave to the shop
 * says what the shop's default is, so an empty field reads "Empty: the shop's default". The
 * identifiers (type or model, batch or serial number) name one product, so only the product
 * editor shows them (`identifiers`).
 *
 * The fields find their form through `Form`/`FormFields` (./fields.tsx); `prefix` is the path
 * of the fields in the form's values ('safety.' in the product's, '' in the settings').
 */
import { useFormContext, useWatch } from 'react-hook-form';
import {
  SAFETY_PICTOGRAM_KEYS,
  SAFETY_PICTOGRAMS,
  SAFETY_TEXT_LIMITS,
  isSafetyPictogram,
  type SafetyFields,
} from '../../../common/product-safety';
import { InputField, SelectField, TextAreaField } from './fields';

/** The field's hint in the product editor: what shows when it is left empty. */
function defaultHint(
  shopDefault: SafetyFields | 'unknown' | undefined,
  field: keyof SafetyFields,
): string | undefined {
  if (!shopDefault) return undefined;
  if (shopDefault === 'unknown') return "Empty: the shop's default (Settings → Workshop).";
  const value = shopDefault[field];
  if (field === 'pictogram') {
    return value && isSafetyPictogram(value)
      ? `None chosen: the shop's default, “${SAFETY_PICTOGRAMS[value].label}”.`
      : 'None chosen: no pictogram (the shop has no default).';
  }
  if (!value) return 'Empty: nothing is shown (the shop has no default).';
  const oneLine = String(value).replace(/\s*\n\s*/g, ', ');
  return `Empty: the shop's default, “${oneLine.length > 90 ? `${oneLine.slice(0, 89)}…` : oneLine}”.`;
}

/** The fields (see the module comment). */
export function SafetyFieldsEditor({
  prefix,
  idPrefix,
  shopDefault,
  identifiers = false,
}: {
  prefix: '' | 'safety.';
  idPrefix: string;
  /** The shop's default (a saved product's editor), 'unknown' (a new product's), or none (the settings). */
  shopDefault?: SafetyFields | 'unknown';
  identifiers?: boolean;
}) {
  const known = shopDefault === 'unknown' ? undefined : shopDefault;
  const { control } = useFormContext();
  const pictogram = useWatch({ control, name: `${prefix}pictogram` }) as string | undefined;
  const chosen = isSafetyPictogram(pictogram)
    ? pictogram
    : isSafetyPictogram(known?.pictogram)
      ? known.pictogram
      : null;
  const name = (field: keyof SafetyFields) => `${prefix}${field}`;
  const id = (field: keyof SafetyFields) => `${idPrefix}-${field.replace(/_/g, '-')}`;
  const text = (field: Exclude<keyof SafetyFields, 'pictogram'>) => ({
    name: name(field),
    id: id(field),
    maxLength: SAFETY_TEXT_LIMITS[field],
    hint: defaultHint(shopDefault, field),
  });
  return (
    <div className="safety-fields">
      <fieldset className="settings-fieldset">
        <legend>Warnings and safety information</legend>
        <TextAreaField
          {...text('warnings')}
          label="Warnings"
          rows={4}
          hint={
            defaultHint(shopDefault, 'warnings') ??
            'Plain text in the shop’s language, one warning a line. The product page shows it above the Add to Cart button.'
          }
        />
        <div className="safety-pictogram">
          <SelectField
            name={name('pictogram')}
            id={id('pictogram')}
            label="Pictogram"
            hint={defaultHint(shopDefault, 'pictogram')}
          >
            <option value="">{shopDefault ? 'The shop’s default' : 'None'}</option>
            {SAFETY_PICTOGRAM_KEYS.map((key) => (
              <option key={key} value={key}>
                {SAFETY_PICTOGRAMS[key].label}
              </option>
            ))}
          </SelectField>
          {chosen ? (
            <svg
              className="safety-pictogram__preview"
              viewBox="0 0 24 24"
              width="40"
              height="40"
              role="img"
              aria-label={`Preview: ${SAFETY_PICTOGRAMS[chosen].label}`}
            >
              <path
                d="M12 1.5 L23 21.5 H1 Z"
                fill="#f2c744"
                stroke="currentColor"
                strokeWidth="1.4"
                strokeLinejoin="round"
              />
              <g transform="translate(6.6 8.6) scale(0.45)">
                <path
                  d={SAFETY_PICTOGRAMS[chosen].path}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                />
              </g>
            </svg>
          ) : null}
        </div>
      </fieldset>
      <fieldset className="settings-fieldset">
        <legend>Manufacturer</legend>
        <InputField {...text('manufacturer_name')} label="Manufacturer’s name" />
        <TextAreaField
          {...text('manufacturer_address')}
          label="Manufacturer’s postal address"
          rows={3}
        />
        <InputField
          {...text('manufacturer_contact')}
          label="Manufacturer’s e-mail or web address"
          hint={
            defaultHint(shopDefault, 'manufacturer_contact') ??
            'Where a buyer can reach the manufacturer: an e-mail address or a web address.'
          }
        />
      </fieldset>
      <fieldset className="settings-fieldset">
        <legend>EU responsible person</legend>
        <p className="muted small">
          Needed when the manufacturer is outside the EU (a UK maker selling to the EU or Northern
          Ireland): a person or company in the EU responsible for the product’s safety (GPSR art.
          16). Leave empty when the manufacturer is in the EU.
        </p>
        <InputField {...text('responsible_person_name')} label="Responsible person’s name" />
        <TextAreaField
          {...text('responsible_person_address')}
          label="Responsible person’s postal address"
          rows={3}
        />
        <InputField
          {...text('responsible_person_contact')}
          label="Responsible person’s e-mail or web address"
        />
      </fieldset>
      {identifiers ? (
        <fieldset className="settings-fieldset">
          <legend>Identifiers</legend>
          <InputField
            {...text('model')}
            label="Type or model"
            hint="Identifies the product, e.g. EO-DG210-26."
          />
          <InputField
            {...text('batch_or_serial')}
            label="Batch or serial number"
            hint="Left empty: none shown."
          />
        </fieldset>
      ) : null}
    </div>
  );
}
