/**
 * The command line of the order desk's bench: `--orders N` alone asks for it; beside
 * `--products` it is the catalogue's size bench's option, as before.
 */
import { parseDeskBenchArgs } from './desk-bench';

describe('npm run bench -- --orders N', () => {
  it('asks for the desk bench, with its options', () => {
    expect(parseDeskBenchArgs(['--orders', '100_000'])).toEqual({
      orders: 100_000,
      postgres: false,
      sqliteOnly: false,
      postgresOnly: false,
      iterations: 300,
    });
    expect(parseDeskBenchArgs(['--orders=5000', '--postgres-only', '--iterations', '50'])).toEqual({
      orders: 5000,
      postgres: true,
      sqliteOnly: false,
      postgresOnly: true,
      iterations: 50,
    });
  });

  it('leaves --orders beside --products to the size bench, and everything else alone', () => {
    expect(parseDeskBenchArgs(['--products', '100000', '--orders', '5000'])).toBeNull();
    expect(parseDeskBenchArgs([])).toBeNull();
  });

  it('refuses what it does not know', () => {
    expect(() => parseDeskBenchArgs(['--orders', 'many'])).toThrow('--orders needs a whole number');
    expect(() => parseDeskBenchArgs(['--orders', '10', '--shops', '2'])).toThrow('unknown option');
    expect(() =>
      parseDeskBenchArgs(['--orders', '10', '--sqlite-only', '--postgres-only']),
    ).toThrow('leave nothing to measure');
  });
});
