import {
  CONSENT_KEY,
  CONSENT_VERSION,
  consentRecordText,
  saveConsent,
  storedConsent,
} from './consent-record';

describe('the remembered analytics choice', () => {
  it('round-trips a choice with its version and date', () => {
    saveConsent(localStorage, false, new Date('2026-11-27T20:00:00Z'));
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY)!)).toEqual({
      version: CONSENT_VERSION,
      analytics: false,
      decided_at: '2026-11-27T20:00:00.000Z',
    });
    expect(storedConsent(localStorage)).toBe(false);
    localStorage.setItem(CONSENT_KEY, consentRecordText(true));
    expect(storedConsent(localStorage)).toBe(true);
  });

  it.each([['not json'], ['{"version":1}'], ['{"version":1,"analytics":"yes"}'], ['null']])(
    'counts an unreadable record %j as no choice',
    (text) => {
      localStorage.setItem(CONSENT_KEY, text);
      expect(storedConsent(localStorage)).toBeNull();
    },
  );

  it('counts blocked storage as no choice, and says when a choice could not be saved', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(storedConsent(blocked)).toBeNull();
    expect(storedConsent(null)).toBeNull();
    expect(saveConsent(blocked, true)).toBe(false);
    expect(saveConsent(localStorage, true)).toBe(true);
  });
});
