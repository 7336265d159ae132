/**
 * The age gate of age-restricted pieces (decision 043): whole years on the UTC calendar date,
 * 29 February birthdays, and what a buyer's attestation must hold. Pure: `now` is fixed.
 */
import { domainRefusal } from '../test/domain-refusal.ts';
import { AGE_MESSAGES, ageOn, attestationText, checkAttestation } from './age-gate.ts';

const MISSING =
  'Please give your date of birth and confirm that the parcel will be handed only to an adult.';
const NOT_REAL = 'Enter a real date of birth.';
const UNDER_18 = 'You must be 18 or over to buy age-restricted items.';

const born = (text: string) => {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const on = (iso: string) => new Date(iso);

describe('a buyer’s age', () => {
  it('counts the birthday itself: 18 on the day, 17 the day before', () => {
    expect(ageOn(born('2007-06-15'), on('2025-06-15T00:00:00Z'))).toBe(18);
    expect(ageOn(born('2007-06-15'), on('2025-06-14T23:59:59Z'))).toBe(17);
    expect(ageOn(born('2007-06-15'), on('2025-06-16T12:00:00Z'))).toBe(18);
    expect(ageOn(born('2007-07-01'), on('2025-06-30T12:00:00Z'))).toBe(17);
    expect(ageOn(born('1980-05-17'), on('2025-01-01T00:00:00Z'))).toBe(44);
  });

  it('makes someone born on 29 February come of age on 1 March in a year without one', () => {
    expect(ageOn(born('2004-02-29'), on('2022-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn(born('2004-02-29'), on('2022-03-01T00:00:00Z'))).toBe(18);
    // In a leap year, on the day itself.
    expect(ageOn(born('2006-02-29'), on('2024-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn(born('2006-02-29'), on('2024-02-29T00:00:00Z'))).toBe(18);
  });

  it('goes by the UTC calendar date', () => {
    // 21:00 in New York on 14 June is already 15 June in UTC.
    expect(ageOn(born('2007-06-15'), on('2025-06-14T21:00:00-04:00'))).toBe(18);
  });
});

describe('the attestation a buyer gives', () => {
  const now = on('2025-06-15T10:30:00Z');

  it('keeps the date of birth and the words confirmed', () => {
    expect(attestationText(18)).toBe(
      'I am 18 or over, and the parcel will be handed only to an adult.',
    );
    expect(checkAttestation({ date_of_birth: '1980-05-17', confirmed: true }, 18, now)).toEqual({
      dateOfBirth: '1980-05-17',
      text: 'I am 18 or over, and the parcel will be handed only to an adult.',
    });
  });

  it('lets a buyer through on their 18th birthday, and not a day earlier', () => {
    expect(checkAttestation({ date_of_birth: '2007-06-15', confirmed: true }, 18, now)).toEqual({
      dateOfBirth: '2007-06-15',
      text: attestationText(18),
    });
    expect(
      domainRefusal(() =>
        checkAttestation({ date_of_birth: '2007-06-16', confirmed: true }, 18, now),
      ),
    ).toEqual({ status: 400, body: { 'age_attestation.date_of_birth': [UNDER_18] } });
  });

  it('applies the shop’s own minimum age', () => {
    expect(
      domainRefusal(() =>
        checkAttestation({ date_of_birth: '2005-01-01', confirmed: true }, 21, now),
      ),
    ).toEqual({
      status: 400,
      body: {
        'age_attestation.date_of_birth': ['You must be 21 or over to buy age-restricted items.'],
      },
    });
    expect(checkAttestation({ date_of_birth: '2004-06-15', confirmed: true }, 21, now)).toEqual({
      dateOfBirth: '2004-06-15',
      text: 'I am 21 or over, and the parcel will be handed only to an adult.',
    });
  });

  it('lets a buyer born on 29 February through on 1 March of a year without one', () => {
    const attestation = { date_of_birth: '2004-02-29', confirmed: true };
    expect(
      domainRefusal(() => checkAttestation(attestation, 18, on('2022-02-28T23:59:59Z'))),
    ).toEqual({
      status: 400,
      body: { 'age_attestation.date_of_birth': [UNDER_18] },
    });
    expect(checkAttestation(attestation, 18, on('2022-03-01T00:00:00Z')).dateOfBirth).toBe(
      '2004-02-29',
    );
  });

  it('asks for the attestation when it is missing or not confirmed', () => {
    expect(AGE_MESSAGES.missing).toBe(MISSING);
    for (const attestation of [
      undefined,
      { date_of_birth: '1980-05-17', confirmed: false },
      { date_of_birth: '1980-05-17', confirmed: 'true' as unknown as boolean },
      // Not confirmed comes first, whatever the date.
      { date_of_birth: 'yesterday', confirmed: false },
    ]) {
      expect(domainRefusal(() => checkAttestation(attestation, 18, now))).toEqual({
        status: 400,
        body: { age_attestation: [MISSING] },
      });
    }
  });

  it('refuses a date that is not a real calendar date', () => {
    for (const date_of_birth of [
      '2007-02-30',
      '2007-02-29',
      '1990-04-31',
      '1990-13-01',
      '1990-00-10',
      '1990-01-00',
      '1990-1-5',
      '17/05/1980',
      '1980-05-17T00:00:00Z',
      ' 1980-05-17',
      '',
      'yesterday',
    ]) {
      expect(
        domainRefusal(() => checkAttestation({ date_of_birth, confirmed: true }, 18, now)),
        date_of_birth,
      ).toEqual({ status: 400, body: { 'age_attestation.date_of_birth': [NOT_REAL] } });
    }
  });

  it('refuses a date of birth in the future or before 1900', () => {
    for (const date_of_birth of ['2025-06-16', '2030-01-01', '1899-12-31', '0001-01-01']) {
      expect(
        domainRefusal(() => checkAttestation({ date_of_birth, confirmed: true }, 18, now)),
        date_of_birth,
      ).toEqual({ status: 400, body: { 'age_attestation.date_of_birth': [NOT_REAL] } });
    }
    // 1 January 1900 is real, and old enough.
    expect(
      checkAttestation({ date_of_birth: '1900-01-01', confirmed: true }, 18, now).dateOfBirth,
    ).toBe('1900-01-01');
    // Born today is a real date: too young, not unreal.
    expect(
      domainRefusal(() =>
        checkAttestation({ date_of_birth: '2025-06-15', confirmed: true }, 18, now),
      ),
    ).toEqual({ status: 400, body: { 'age_attestation.date_of_birth': [UNDER_18] } });
  });
});
