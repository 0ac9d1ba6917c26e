import { demo } from '../features/demo/index';

export const platformValue = demo;
