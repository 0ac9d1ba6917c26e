import { demo } from '../features/demo/index';

export const cliValue = demo;
