export { AuthGate } from './AuthGate';
export { LoginScreen } from './LoginScreen';
export { consumeTokenFragment } from './token-fragment';
export { verifyToken, type TokenCheck } from './verify-token';
