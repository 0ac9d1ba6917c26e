import { AppError } from '../../platform/app-error';
import type { RunEnvironmentContributor } from '../runs/index';
import type { ModelRouter } from './router-process';

/**
 * With the router on, a run talks to it instead of Anthropic: its URL, the per-boot secret as the API key, and
 * no other credential that the CLI would prefer over the key. Off ('Claude Pro/Max'): nothing changes.
 */
export function routerEnvironment(router: Pick<ModelRouter, 'endpoint' | 'status' | 'apply'>): RunEnvironmentContributor {
  return (_input, current, config) => {
    if (!config.router.enabled) return current;
    const endpoint = router.endpoint();
    if (!endpoint) {
      const reason = router.status().error ?? 'it is not running';
      // Recovery without a config change: this run is refused at once (not left to the CLI's minutes of retries),
      // and the router is started again for the next one.
      void router.apply(config.router);
      throw new AppError('router.unavailable', `The model-provider router is not running (${reason}); it is being restarted, try again in a moment, or choose Claude Pro/Max.`);
    }
    return {
      ...current,
      routed: true,
      env: {
        ...current.env,
        ANTHROPIC_BASE_URL: endpoint.url,
        ANTHROPIC_API_KEY: endpoint.secret,
        ANTHROPIC_AUTH_TOKEN: undefined,
        CLAUDE_CODE_OAUTH_TOKEN: undefined,
      },
    };
  };
}
