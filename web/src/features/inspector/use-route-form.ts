import { useMemo, useReducer } from 'react';
import type { RouteDef } from '@cui/contract';
import type { FormValues } from './form-values';
import { routeForms, type PartForm } from './route-request';
import type { PickedFiles } from './use-route-call';

interface FormState {
  name: string;
  values: FormValues;
  files: PickedFiles;
  raw: string | undefined;
}

type FormAction =
  | { type: 'select'; name: string }
  | { type: 'value'; key: string; value: string }
  | { type: 'file'; part: string; file: File | undefined }
  | { type: 'raw'; text: string | undefined };

function reduce(defaults: FormValues, state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'select':
      return { name: action.name, values: defaults, files: {}, raw: undefined };
    case 'value':
      return { ...state, values: { ...state.values, [action.key]: action.value } };
    case 'file': {
      const { [action.part]: _dropped, ...files } = state.files;
      return { ...state, files: action.file ? { ...files, [action.part]: action.file } : files };
    }
    case 'raw':
      return { ...state, raw: action.text };
  }
}

const NO_DEFAULTS: FormValues = {};

/** The skeleton the raw-JSON editor starts from: one empty object per part the route has. */
export function rawSkeleton(forms: readonly PartForm[]): string {
  return JSON.stringify(Object.fromEntries(forms.filter((form) => form.part !== 'fields').map((form) => [form.part, {}])), null, 2);
}

/**
 * The 'All routes' form: which route is picked, what was typed per field, files picked for uploads,
 * and the raw-JSON text when the raw editor is on (undefined when off). The form starts from `defaults` (and returns to them on a new pick).
 */
export function useRouteForm(routes: readonly RouteDef[], defaults: FormValues = NO_DEFAULTS) {
  const [state, dispatch] = useReducer((current: FormState, action: FormAction) => reduce(defaults, current, action), {
    name: routes[0]?.name ?? '',
    values: defaults,
    files: {},
    raw: undefined,
  });
  const route = routes.find((candidate) => candidate.name === state.name) ?? routes[0];
  const forms = useMemo(() => (route ? routeForms(route) : []), [route]);
  return {
    route,
    forms,
    ...state,
    select: (name: string) => dispatch({ type: 'select', name }),
    setValue: (key: string, value: string) => dispatch({ type: 'value', key, value }),
    setFile: (part: string, file: File | undefined) => dispatch({ type: 'file', part, file }),
    setRaw: (text: string | undefined) => dispatch({ type: 'raw', text }),
  };
}
