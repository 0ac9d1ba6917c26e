import { RouterProvider } from 'react-router';
import { router } from './router';

/** Root component: providers (auth gate, theme) wrap the router. Filled in by the shell work of issue 2. */
export function App() {
  return <RouterProvider router={router} />;
}
