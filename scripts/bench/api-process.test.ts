import { readFileSync } from 'node:fs';
import { parseStartCommand, productionStartCommand } from './api-process';

describe('the production start the bench measures', () => {
  it('keeps the variables npm start sets before node, and runs this Node', () => {
    expect(
      parseStartCommand(
        'node scripts/build-if-needed.mjs && MALLOC_ARENA_MAX=2 node --expose-gc dist/api/main.mjs',
        '/opt/node',
      ),
    ).toEqual({
      env: { MALLOC_ARENA_MAX: '2' },
      argv: ['/opt/node', '--expose-gc', 'dist/api/main.mjs'],
    });
  });

  it('refuses a start script that does not end in node', () => {
    expect(() => parseStartCommand('npm run build && tsx server/main.ts', 'node')).toThrow(
      'does not end in a node command',
    );
  });

  it("is npm start's own command, memory settings included", () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: { start: string };
    };
    const start = productionStartCommand();
    expect(start.argv.at(-1)).toBe('dist/api/main.mjs');
    expect(start.env).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' });
    expect(scripts.start).toContain('MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072 node');
  });
});
