import type { CuiConfig } from '../settings/index';
import { childEnvironment } from '../../cli/claude-query';

/** What decides a run's environment: its resolved start request. */
export interface RunEnvironmentInput {
  workingDirectory: string;
  permissionMode: string;
  /** The model the request asked for, if any. */
  model?: string;
  resumeSessionId?: string;
}

/** A CLI child's environment (`undefined` removes a variable) and the model it runs with. */
export interface RunEnvironment {
  env: Record<string, string | undefined>;
  model?: string;
  /** Set by the model-provider router's contributor: the run's requests go to another provider. */
  routed?: boolean;
}

/**
 * One source of a run's environment, applied in order on top of the previous ones. It gets the config as it is
 * at the run's start, so a contributor that depends on settings (the model-provider router's base URL and key)
 * sees a change without a restart. It may remove variables that would compete with its own (set them undefined).
 */
export type RunEnvironmentContributor = (input: RunEnvironmentInput, current: RunEnvironment, config: CuiConfig) => RunEnvironment;

/** Computes one run's environment and model; called once per run start. */
export type RunEnvironmentProvider = (input: RunEnvironmentInput) => RunEnvironment;

/** Fixed variables on top (the demo's and the tests' pointer at the fake model, IS_SANDBOX, …). */
export function fixedEnvironment(overrides: Record<string, string | undefined>): RunEnvironmentContributor {
  return (_input, current) => ({ ...current, env: { ...current.env, ...overrides } });
}

/**
 * The server's environment minus what a child must not inherit, then each contributor in order. The config is
 * read per call, never captured at boot.
 */
export function composeRunEnvironment(deps: {
  base: NodeJS.ProcessEnv;
  config: { get(): CuiConfig };
  contributors: RunEnvironmentContributor[];
}): RunEnvironmentProvider {
  return (input) => {
    const config = deps.config.get();
    let result: RunEnvironment = { env: childEnvironment(deps.base, {}), ...(input.model ? { model: input.model } : {}) };
    for (const contribute of deps.contributors) result = contribute(input, result, config);
    return result;
  };
}
