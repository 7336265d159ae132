import { ApiError } from '../../api/errors';
import {
  aboutHeading,
  COMPANY_MESSAGES,
  companyErrorMessage,
  companyViewOf,
  paragraphsOf,
} from './company-info';

describe('company info (spec section 8)', () => {
  it('words the messages as the spec does', () => {
    expect(COMPANY_MESSAGES).toEqual({
      unavailable: 'Company information is currently unavailable.',
      notFound: 'Company information endpoint not found.',
      failed: 'Failed to load company information.',
      invalid: 'Company information could not be loaded.',
    });
  });

  it("says 'Company information endpoint not found.' for a 404, else 'Failed to load company information.'", () => {
    expect(companyErrorMessage(new ApiError(404, { detail: 'Not found.' }))).toBe(
      'Company information endpoint not found.',
    );
    expect(companyErrorMessage(new ApiError(500, null))).toBe(
      'Failed to load company information.',
    );
    expect(companyErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Failed to load company information.',
    );
  });

  it('is invalid for an answer that is not an object, empty for one with nothing in it', () => {
    expect(companyViewOf(null)).toEqual({ kind: 'invalid' });
    expect(companyViewOf([])).toEqual({ kind: 'invalid' });
    expect(companyViewOf('<html>')).toEqual({ kind: 'invalid' });
    expect(
      companyViewOf({
        tagline: ' ',
        history_summary: '',
        mission_statement: '',
        vision_statement: '',
        core_values: [],
      }),
    ).toEqual({ kind: 'empty' });
  });

  it('trims the texts, splits the history into paragraphs and keeps named core values', () => {
    expect(
      companyViewOf({
        tagline: ' Made slowly. ',
        history_summary: 'It began in a barn.\n\nThen a forge.',
        mission_statement: 'Honest tools.',
        vision_statement: 'Homes full of care.',
        core_values: [
          { id: 1, name: 'Craft', description: 'By hand.' },
          { id: 2, name: '', description: 'nameless' },
        ],
      }),
    ).toEqual({
      kind: 'ok',
      tagline: 'Made slowly.',
      history: ['It began in a barn.', 'Then a forge.'],
      mission: 'Honest tools.',
      vision: 'Homes full of care.',
      values: [{ id: 1, name: 'Craft', description: 'By hand.' }],
    });
    expect(paragraphsOf('one\n  \ntwo')).toEqual(['one', 'two']);
  });

  it('puts the site title in the About heading', () => {
    expect(aboutHeading('Ember & Oak Workshop')).toBe('About Ember & Oak Workshop');
    expect(aboutHeading('')).toBe('About Us');
  });
});
