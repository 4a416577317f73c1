import type { AppContext } from '../../context.js';
import { loadDemoCatalogue } from './demo-generator.js';
import { DemoRepository } from './demo.repository.js';

/**
 * On the first start of a portal with an empty catalogue (no categories or assets under the country
 * roots every database has; DEMO not false), loads the demo
 * catalogue so that `npm start` shows a populated portal. Runs after the server listens: rendering
 * ~400 pictures takes about a minute on two cores, and the portal (sign-in, admin) works meanwhile.
 * Never throws: a failed demo load is logged and the portal keeps running with what it has.
 * With several instances on one database, only the one that claims the load runs it.
 */
export async function loadDemoOnFirstStart(
  context: Pick<AppContext, 'config' | 'database' | 'imports' | 'log' | 'clock'>,
): Promise<void> {
  const { config, log } = context;
  try {
    if (!config.demo) return;
    const repository = new DemoRepository(context.database.db);
    if (!(await repository.catalogueIsEmpty())) return;
    // Several instances starting on one empty database: one of them loads it.
    if (!(await repository.claimDemoLoad(context.clock.now()))) {
      log.info('empty catalogue: another instance is loading the demo catalogue');
      return;
    }
    log.info('empty catalogue: loading the demo catalogue in the background (DEMO=false turns this off)');
    await loadDemoCatalogue(context.imports, log);
  } catch (err) {
    log.error({ err }, 'demo catalogue: loading failed');
  }
}
