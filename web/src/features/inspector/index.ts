export { InspectorPage } from './InspectorPage';
