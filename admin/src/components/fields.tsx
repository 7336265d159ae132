/**
 * A form's controls bound to its react-hook-form fields, each inside a {@link FormField} (label,
 * hint, error, tied together for screen readers).
 *
 * `Form` is the `<form class="form" noValidate>` of what `useForm` returned (`form`); inside it
 * (or inside `FormFields`, for fields outside a form element) each field finds its form, so it
 * takes only the field's `name`, its `label` and an optional `hint`:
 *
 * - `InputField`, `TextAreaField`, `SelectField` (its `<option>`s as children);
 * - `PasswordField` and `EmailField`: an input typed and set up for a password or an e-mail;
 * - `CheckField`: a checkbox and its words.
 *
 * A form takes its fields from `fieldsOf(form)`: the same components, their `name` typed as a
 * path of the form's values (`Path<T>` of `useForm<T, ...>`), so TypeScript refuses a misspelt
 * name (`const { InputField } = fieldsOf(form);` then `<InputField name="vat_rate" ... />`).
 * The form only gives the type: the fields still find their form through `Form`/`FormFields`.
 * Exported as they are, a field's `name` is any string; `useField` also refuses, in
 * development and tests, a name the form holds no value for.
 *
 * A control's id is the form's `idPrefix` and the field's name, `_` written `-`
 * ("seller-vat-rate" for `vat_rate` in the "seller" form), unless `id` gives one. Each field
 * shows its own error (`formState.errors`); `fieldClass` adds a class to the field's wrapper.
 * The other props go to the control.
 */
import {
  createContext,
  createElement,
  useContext,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import {
  FormProvider,
  useFormContext,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { FormField } from './form-field';

const IdPrefix = createContext('field');

/** Gives the fields inside it their form and the prefix of their ids. */
export function FormFields<T extends FieldValues, C, O>({
  form,
  idPrefix,
  children,
}: {
  form: UseFormReturn<T, C, O>;
  idPrefix: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <IdPrefix.Provider value={idPrefix}>{children}</IdPrefix.Provider>
    </FormProvider>
  );
}

/** A form element (`className` "form" unless given, never the browser's validation) and its fields. */
export function Form<T extends FieldValues, C, O>({
  form,
  idPrefix,
  className = 'form',
  children,
  ...props
}: {
  form: UseFormReturn<T, C, O>;
  idPrefix: string;
  children: ReactNode;
} & FormHTMLAttributes<HTMLFormElement>) {
  return (
    <FormFields form={form} idPrefix={idPrefix}>
      <form className={className} noValidate {...props}>
        {children}
      </form>
    </FormFields>
  );
}

/** The message of `name`'s error in `form`, if it has one. */
export function fieldError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'formState' | 'getFieldState'>,
  name: Path<T>,
) {
  return form.getFieldState(name, form.formState).error?.message;
}

/** Whether `values` holds the dotted path `name` (its value may be null or undefined). */
function hasPath(values: unknown, name: string): boolean {
  let at = values;
  for (const key of name.split('.')) {
    if (at === null || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * The form a field is in, and its control's id (see the module comment). Here a field's `name`
 * is a plain string (the field finds its form through context; `fieldsOf` types it for a form):
 * in development and tests a name the form has no default value for throws, so a misspelt name
 * fails the form's test instead of binding nothing. Its values must hold every field, null or ''
 * for an empty one.
 */
export function useField(name: string, id?: string) {
  const form = useFormContext();
  const prefix = useContext(IdPrefix);
  if (import.meta.env.DEV && !hasPath(form.getValues(), name)) {
    throw new Error(`The form has no field "${name}": give it a default value, or fix the name.`);
  }
  return { form, id: id ?? `${prefix}-${name.replace(/[_.]/g, '-')}` };
}

/** The props every bound field takes (see the module comment). */
export interface FieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  id?: string;
  fieldClass?: string;
}

/** The control's own props: what it gets from the field's props is left out. */
type ControlProps<A> = Omit<A, 'id' | 'name' | 'form'>;

/**
 * The field component of one kind of control (`tag`, with its HTML props `A`): a FormField
 * around the control, which gets the field's id and registration and the other props.
 */
function boundField<A>(tag: 'input' | 'textarea' | 'select') {
  return function BoundField({
    name,
    label,
    hint,
    id: givenId,
    fieldClass,
    ...control
  }: FieldProps & ControlProps<A>) {
    const { form, id } = useField(name, givenId);
    return (
      <FormField
        id={id}
        label={label}
        hint={hint}
        error={fieldError(form, name)}
        className={fieldClass}
      >
        {createElement(tag, { id, ...control, ...form.register(name) })}
      </FormField>
    );
  };
}

/** A labelled `<input>` bound to `name`. */
export const InputField = boundField<InputHTMLAttributes<HTMLInputElement>>('input');

/** A labelled `<textarea>` bound to `name`. */
export const TextAreaField = boundField<TextareaHTMLAttributes<HTMLTextAreaElement>>('textarea');

/** A labelled `<select>` bound to `name`; its options are the children. */
export const SelectField = boundField<SelectHTMLAttributes<HTMLSelectElement>>('select');

/** A password input: `autoComplete` says whether it is the current password or a new one. */
export function PasswordField(
  props: FieldProps & { autoComplete: 'current-password' | 'new-password' },
) {
  return <InputField {...props} type="password" />;
}

/** An e-mail input, neither capitalised nor spell-checked. */
export function EmailField(props: FieldProps & { autoComplete?: string }) {
  return <InputField {...props} type="email" autoCapitalize="none" spellCheck={false} />;
}

/**
 * A checkbox bound to `name` and its words (`children`): with `labelFor`, the two side by side
 * in `div.check`, the words a `<label for>` the checkbox's id; without, inside their label
 * (`label.check`).
 */
export function CheckField({
  name,
  labelFor,
  children,
  ...input
}: {
  name: string;
  labelFor?: boolean;
  children: ReactNode;
} & ControlProps<InputHTMLAttributes<HTMLInputElement>>) {
  const { form, id } = useField(name);
  const box = (
    <input type="checkbox" id={labelFor ? id : undefined} {...input} {...form.register(name)} />
  );
  return labelFor ? (
    <div className="check">
      {box}
      <label htmlFor={id}>{children}</label>
    </div>
  ) : (
    <label className="check">
      {box}
      <span>{children}</span>
    </label>
  );
}

/** The bound fields, their `name` any string. */
const FIELDS = {
  InputField,
  TextAreaField,
  SelectField,
  PasswordField,
  EmailField,
  CheckField,
};

/** A field component whose `name` is a path of the values `T`. */
type NamedIn<F, T extends FieldValues> = F extends (props: infer P) => infer R
  ? (props: Omit<P, 'name'> & { name: Path<T> }) => R
  : never;

/** The bound fields of a form whose values are `T`: each one's `name` is a path of `T`. */
export type Fields<T extends FieldValues> = {
  [K in keyof typeof FIELDS]: NamedIn<(typeof FIELDS)[K], T>;
};

/**
 * The bound fields typed for `form`'s values (see the module comment): the same components, so
 * only the type checks `name`; the fields still take their form from `Form` or `FormFields`.
 */
export function fieldsOf<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>): Fields<T>;
export function fieldsOf(): Fields<FieldValues> {
  return FIELDS;
}
