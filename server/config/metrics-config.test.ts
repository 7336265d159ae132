/**
 * The metrics settings (issue 39): METRICS is off unless turned on, and METRICS_ALLOW lets only
 * this machine scrape unless it names other addresses and ranges; a malformed entry stops the
 * start, naming it.
 */
import { loadConfig } from './config.ts';

describe('the metrics settings', () => {
  it('are off, and for this machine only, by default', () => {
    expect(loadConfig({})).toMatchObject({ metrics: false, metricsAllow: ['127.0.0.1', '::1'] });
  });

  it('read METRICS as a boolean', () => {
    expect(loadConfig({ METRICS: '1' }).metrics).toBe(true);
    expect(loadConfig({ METRICS: 'off' }).metrics).toBe(false);
    expect(() => loadConfig({ METRICS: 'sometimes' })).toThrow(/METRICS/);
  });

  it('read METRICS_ALLOW as addresses and CIDR ranges of either family', () => {
    expect(
      loadConfig({ METRICS_ALLOW: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1 ' }).metricsAllow,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1']);
  });

  it('refuse an entry that is neither an address nor a range, naming it', () => {
    for (const entry of ['prometheus.local', '10.0.0.0/33', '::1/129', '10.0.0.1/8/2', '127.1'])
      expect(() => loadConfig({ METRICS_ALLOW: `127.0.0.1,${entry}` }), entry).toThrow(
        new RegExp(`METRICS_ALLOW.*"${entry.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`),
      );
  });
});
