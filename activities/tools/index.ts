export { toolImplementations } from './toolImplementations';
