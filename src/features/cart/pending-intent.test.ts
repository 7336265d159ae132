import {
  PENDING_INTENT_KEY,
  PENDING_INTENT_TTL_MS,
  savePendingCartIntent,
  takePendingCartIntent,
} from './pending-intent';

const intent = { slug: 'gyuto', productId: 7, quantity: 2, customization: { engraving: 'A' } };

afterEach(() => sessionStorage.clear());

describe('pending add-to-cart intent', () => {
  it('gives the intent back once, for its own product', () => {
    savePendingCartIntent(intent, 1_000);
    expect(takePendingCartIntent('other', 2_000)).toBeNull();
    expect(takePendingCartIntent('gyuto', 2_000)).toEqual({ ...intent, savedAt: 1_000 });
    expect(takePendingCartIntent('gyuto', 2_000)).toBeNull();
  });

  it('drops an intent older than its time-to-live', () => {
    savePendingCartIntent(intent, 0);
    expect(takePendingCartIntent('gyuto', PENDING_INTENT_TTL_MS + 1)).toBeNull();
    expect(sessionStorage.getItem(PENDING_INTENT_KEY)).toBeNull();
  });

  it('ignores and removes anything that is not an intent', () => {
    sessionStorage.setItem(PENDING_INTENT_KEY, '{"slug":"gyuto","productId":"7"}');
    expect(takePendingCartIntent('gyuto')).toBeNull();
    sessionStorage.setItem(PENDING_INTENT_KEY, 'not json');
    expect(takePendingCartIntent('gyuto')).toBeNull();
    expect(sessionStorage.getItem(PENDING_INTENT_KEY)).toBeNull();
  });
});
