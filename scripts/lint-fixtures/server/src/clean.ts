import { demo } from './features/demo/index';

/** Breaks no rule: the root of server/src may import a feature through its index. */
export function clean(): number {
  return demo + 1;
}
