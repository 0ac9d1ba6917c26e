import { demo } from '../../server/src/features/demo/index';

export const webValue = demo;
