/**
 * The command line of the back office's bench: `--orders N` alone asks for it; beside
 * `--products` it is the catalogue's size bench's option, as before.
 */
import { parseOrdersBenchArgs } from './orders-bench';

describe('npm run bench -- --orders N', () => {
  it('asks for the back office bench, with its options', () => {
    expect(parseOrdersBenchArgs(['--orders', '100_000'])).toEqual({
      orders: 100_000,
      postgres: false,
      sqliteOnly: false,
      postgresOnly: false,
      iterations: 300,
    });
    expect(
      parseOrdersBenchArgs(['--orders=5000', '--postgres-only', '--iterations', '50']),
    ).toEqual({
      orders: 5000,
      postgres: true,
      sqliteOnly: false,
      postgresOnly: true,
      iterations: 50,
    });
  });

  it('leaves --orders beside --products to the size bench, and everything else alone', () => {
    expect(parseOrdersBenchArgs(['--products', '100000', '--orders', '5000'])).toBeNull();
    expect(parseOrdersBenchArgs([])).toBeNull();
  });

  it('refuses what it does not know', () => {
    expect(() => parseOrdersBenchArgs(['--orders', 'many'])).toThrow(
      '--orders needs a whole number',
    );
    expect(() => parseOrdersBenchArgs(['--orders', '10', '--shops', '2'])).toThrow(
      'unknown option',
    );
    expect(() =>
      parseOrdersBenchArgs(['--orders', '10', '--sqlite-only', '--postgres-only']),
    ).toThrow('leave nothing to measure');
  });
});
