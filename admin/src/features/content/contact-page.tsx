/**
 * The contact information (`/content/contact`): the shop's locations (the headquarters shows
 * first on the shop), its e-mail addresses with what to write about, and its social profiles,
 * each list in its order with Edit, Move up, Move down and Delete. Links are https only; the
 * embedded map only from OpenStreetMap, the one map host the shop's pages may show.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { fieldsOf } from '../../components/fields';
import { ErrorNotice, Loading } from '../../components/notice';
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
import { ItemForm, OrderedList, useItemForm, type ItemFormProps } from './ordered-list';
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
        moves={locations}
        empty="No locations yet."
      />
      <OrderedList
        title="E-mail addresses"
        noun="e-mail address"
        items={contact.data.emails}
        name={(email) => email.purpose}
        details={(email) => <p className="muted small break">{email.email_address}</p>}
        Form={EmailForm}
        moves={emails}
        empty="No e-mail addresses yet."
      />
      <OrderedList
        title="Social profiles"
        noun="social profile"
        items={contact.data.social_profiles}
        name={(profile) => profile.platform_display}
        details={(profile) => <p className="muted small break">{profile.link}</p>}
        Form={SocialForm}
        moves={profiles}
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

function LocationForm(props: ItemFormProps<AdminContactLocation>) {
  const { item } = props;
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
  const { CheckField, InputField, TextAreaField } = fieldsOf(form);
  const frame = useItemForm(form, props, {
    noun: 'location',
    idPrefix: 'location',
    fields: LOCATION_FIELDS,
    moves: list,
    toBody: toLocationBody,
  });
  return (
    <ItemForm {...frame}>
      <InputField name="name" label="Name" type="text" />
      <CheckField name="is_hq">Headquarters (shown first; one a shop)</CheckField>
      <TextAreaField name="address" label="Address" rows={3} />
      <InputField name="phone_number" label="Phone number (optional)" type="tel" />
      <InputField
        name="map_location_url"
        label="Map link (optional)"
        hint="An https link to the place on a map site."
        type="url"
      />
      <InputField
        name="map_embed_link"
        label="Embedded map (optional)"
        hint='From openstreetmap.org: Share, then HTML, and paste the address inside src="…".'
        type="url"
      />
    </ItemForm>
  );
}

function EmailForm(props: ItemFormProps<AdminContactEmail>) {
  const { item } = props;
  const list = useOrderedList(emailApi);
  const form = useForm<EmailValues>({
    resolver: zodResolver(emailSchema),
    defaultValues: { purpose: item?.purpose ?? '', email_address: item?.email_address ?? '' },
  });
  const { EmailField, InputField } = fieldsOf(form);
  const frame = useItemForm(form, props, {
    noun: 'e-mail address',
    idPrefix: 'email',
    fields: ['purpose', 'email_address'],
    moves: list,
  });
  return (
    <ItemForm {...frame}>
      <InputField name="purpose" label="What to write about" type="text" />
      <EmailField name="email_address" label="E-mail address" />
    </ItemForm>
  );
}

function SocialForm(props: ItemFormProps<AdminSocialProfile>) {
  const { item } = props;
  const list = useOrderedList(socialApi);
  const known = SOCIAL_PLATFORMS.find((platform) => platform === item?.platform);
  const form = useForm<SocialValues>({
    resolver: zodResolver(socialSchema),
    defaultValues: { platform: known ?? 'instagram', link: item?.link ?? '' },
  });
  const { InputField, SelectField } = fieldsOf(form);
  const frame = useItemForm(form, props, {
    noun: 'social profile',
    idPrefix: 'social',
    fields: ['platform', 'link'],
    moves: list,
  });
  return (
    <ItemForm {...frame}>
      <SelectField name="platform" label="Platform">
        {SOCIAL_PLATFORMS.map((platform) => (
          <option key={platform} value={platform}>
            {PLATFORM_LABELS[platform]}
          </option>
        ))}
      </SelectField>
      <InputField name="link" label="Link" hint="https:// only." type="url" />
    </ItemForm>
  );
}
