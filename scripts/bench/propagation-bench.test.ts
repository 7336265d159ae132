/**
 * The command line of the propagation bench: `--propagation` asks for it, with `--saves N`
 * and the PostgreSQL flags; SQLite alone has nothing to measure.
 */
import { parsePropagationBenchArgs } from './propagation-bench';

describe('npm run bench -- --propagation', () => {
  it('asks for the propagation bench, 50 saves unless told', () => {
    expect(parsePropagationBenchArgs(['--propagation'])).toEqual({
      saves: 50,
      postgres: false,
      sqliteOnly: false,
      postgresOnly: false,
    });
    expect(parsePropagationBenchArgs(['--propagation', '--saves=20', '--postgres'])).toMatchObject({
      saves: 20,
      postgres: true,
    });
  });

  it('leaves every other bench alone', () => {
    expect(parsePropagationBenchArgs([])).toBeNull();
    expect(parsePropagationBenchArgs(['--orders', '5000'])).toBeNull();
  });

  it('refuses what it does not know, and SQLite alone', () => {
    expect(() => parsePropagationBenchArgs(['--propagation', '--orders', '5'])).toThrow(
      /unknown option/,
    );
    expect(() => parsePropagationBenchArgs(['--propagation', '--saves', 'many'])).toThrow(
      /whole number/,
    );
    expect(() => parsePropagationBenchArgs(['--propagation', '--sqlite-only'])).toThrow(
      /PostgreSQL/,
    );
  });
});
