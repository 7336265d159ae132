/**
 * The contact information (`/content/contact`): the shop's locations (the headquarters shows
 * first on the shop), its e-mail addresses with what to write about, and its social profiles,
 * each list in its order with Edit, Move up, Move down and Delete. Links are https only; the
 * embedded map only from OpenStreetMap, the one map host the shop's pages may show.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import {
  contactQuery,
  emailApi,
  locationApi,
  PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
  socialApi,
  useOrderedList,
  type AdminContactEmail,
  type AdminContactLocation,
  type AdminSocialProfile,
} from './api';
import { FormButtons, OrderedList, type ItemFormProps } from './ordered-list';
import {
  emailSchema,
  locationSchema,
  socialSchema,
  toLocationBody,
  type EmailValues,
  type LocationValues,
  type SocialValues,
} from './schemas';

export function ContactPage() {
  const contact = useQuery(contactQuery());
  const locations = useOrderedList(locationApi);
  const emails = useOrderedList(emailApi);
  const profiles = useOrderedList(socialApi);
  if (contact.isPending) return <Loading />;
  if (contact.isError)
    return <ErrorNotice error={contact.error} onRetry={() => void contact.refetch()} />;
  return (
    <>
      <title>Contact · Content · Back office</title>
      <OrderedList
        title="Locations"
        noun="location"
        items={contact.data.locations}
        name={(location) => location.name}
        details={(location) => (
          <p className="muted small">
            {location.is_hq ? 'Headquarters · ' : ''}
            {location.address.replace(/\n+/g, ', ')}
            {location.phone_number ? ` · ${location.phone_number}` : ''}
          </p>
        )}
        Form={LocationForm}
        onReorder={(ids) => locations.reorder.mutateAsync(ids)}
        onDelete={(id) => locations.remove.mutateAsync(id)}
        reordering={locations.reorder.isPending}
        deleting={locations.remove.isPending}
        empty="No locations yet."
      />
      <OrderedList
        title="E-mail addresses"
        noun="e-mail address"
        items={contact.data.emails}
        name={(email) => email.purpose}
        details={(email) => <p className="muted small break">{email.email_address}</p>}
        Form={EmailForm}
        onReorder={(ids) => emails.reorder.mutateAsync(ids)}
        onDelete={(id) => emails.remove.mutateAsync(id)}
        reordering={emails.reorder.isPending}
        deleting={emails.remove.isPending}
        empty="No e-mail addresses yet."
      />
      <OrderedList
        title="Social profiles"
        noun="social profile"
        items={contact.data.social_profiles}
        name={(profile) => profile.platform_display}
        details={(profile) => <p className="muted small break">{profile.link}</p>}
        Form={SocialForm}
        onReorder={(ids) => profiles.reorder.mutateAsync(ids)}
        onDelete={(id) => profiles.remove.mutateAsync(id)}
        reordering={profiles.reorder.isPending}
        deleting={profiles.remove.isPending}
        empty="No social profiles yet."
      />
    </>
  );
}

const LOCATION_FIELDS = [
  'name',
  'is_hq',
  'address',
  'phone_number',
  'map_location_url',
  'map_embed_link',
] as const;

function LocationForm({ item, onDone, onCancel }: ItemFormProps<AdminContactLocation>) {
  const list = useOrderedList(locationApi);
  const form = useForm<LocationValues>({
    resolver: zodResolver(locationSchema),
    defaultValues: {
      name: item?.name ?? '',
      is_hq: item?.is_hq ?? false,
      address: item?.address ?? '',
      phone_number: item?.phone_number ?? '',
      map_location_url: item?.map_location_url ?? '',
      map_embed_link: item?.map_embed_link ?? '',
    },
  });
  const { errors } = form.formState;
  const { submit, message } = useServerSubmit(form, LOCATION_FIELDS, async (values) => {
    const body = toLocationBody(values);
    if (item) await list.update.mutateAsync({ id: item.id, body });
    else await list.create.mutateAsync(body);
    onDone(item ? 'The location was saved.' : 'The location was added.');
  });
  const id = item ? `location-${item.id}` : 'location-new';
  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={item ? 'Edit location' : 'New location'}
    >
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        <input id={`${id}-name`} type="text" {...form.register('name')} />
      </FormField>
      <label className="check" htmlFor={`${id}-hq`}>
        <input id={`${id}-hq`} type="checkbox" {...form.register('is_hq')} /> Headquarters (shown
        first; one a shop)
      </label>
      <FormField id={`${id}-address`} label="Address" error={errors.address?.message}>
        <textarea id={`${id}-address`} rows={3} {...form.register('address')} />
      </FormField>
      <FormField
        id={`${id}-phone`}
        label="Phone number (optional)"
        error={errors.phone_number?.message}
      >
        <input id={`${id}-phone`} type="tel" {...form.register('phone_number')} />
      </FormField>
      <FormField
        id={`${id}-map-url`}
        label="Map link (optional)"
        hint="An https link to the place on a map site."
        error={errors.map_location_url?.message}
      >
        <input id={`${id}-map-url`} type="url" {...form.register('map_location_url')} />
      </FormField>
      <FormField
        id={`${id}-map-embed`}
        label="Embedded map (optional)"
        hint='From openstreetmap.org: Share, then HTML, and paste the address inside src="…".'
        error={errors.map_embed_link?.message}
      >
        <input id={`${id}-map-embed`} type="url" {...form.register('map_embed_link')} />
      </FormField>
      <FormButtons pending={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}

function EmailForm({ item, onDone, onCancel }: ItemFormProps<AdminContactEmail>) {
  const list = useOrderedList(emailApi);
  const form = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    defaultValues: { purpose: item?.purpose ?? '', email_address: item?.email_address ?? '' },
  });
  const { errors } = form.formState;
  const { submit, message } = useServerSubmit(
    form,
    ['purpose', 'email_address'],
    async (values) => {
      if (item) await list.update.mutateAsync({ id: item.id, body: values });
      else await list.create.mutateAsync(values);
      onDone(item ? 'The e-mail address was saved.' : 'The e-mail address was added.');
    },
  );
  const id = item ? `email-${item.id}` : 'email-new';
  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={item ? 'Edit e-mail address' : 'New e-mail address'}
    >
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField id={`${id}-purpose`} label="What to write about" error={errors.purpose?.message}>
        <input id={`${id}-purpose`} type="text" {...form.register('purpose')} />
      </FormField>
      <FormField id={`${id}-address`} label="E-mail address" error={errors.email_address?.message}>
        <input
          id={`${id}-address`}
          type="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.register('email_address')}
        />
      </FormField>
      <FormButtons pending={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}

function SocialForm({ item, onDone, onCancel }: ItemFormProps<AdminSocialProfile>) {
  const list = useOrderedList(socialApi);
  const known = SOCIAL_PLATFORMS.find((platform) => platform === item?.platform);
  const form = useForm<SocialValues>({
    resolver: zodResolver(socialSchema),
    defaultValues: { platform: known ?? 'instagram', link: item?.link ?? '' },
  });
  const { errors } = form.formState;
  const { submit, message } = useServerSubmit(form, ['platform', 'link'], async (values) => {
    if (item) await list.update.mutateAsync({ id: item.id, body: values });
    else await list.create.mutateAsync(values);
    onDone(item ? 'The social profile was saved.' : 'The social profile was added.');
  });
  const id = item ? `social-${item.id}` : 'social-new';
  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={item ? 'Edit social profile' : 'New social profile'}
    >
      {message ? <Notice tone="error">{message}</Notice> : null}
      <FormField id={`${id}-platform`} label="Platform" error={errors.platform?.message}>
        <select id={`${id}-platform`} {...form.register('platform')}>
          {SOCIAL_PLATFORMS.map((platform) => (
            <option key={platform} value={platform}>
              {PLATFORM_LABELS[platform]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${id}-link`} label="Link" hint="https:// only." error={errors.link?.message}>
        <input id={`${id}-link`} type="url" {...form.register('link')} />
      </FormField>
      <FormButtons pending={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
