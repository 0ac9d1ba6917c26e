export { createModelRouter, type ModelRouter, type RouterEndpoint } from './router-process';
export { routerEnvironment } from './router-environment';
export { routerFeature } from './feature';
