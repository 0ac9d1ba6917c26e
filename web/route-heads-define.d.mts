/** `define` entries for Vite: `__CUI_ROUTE_HEADS__`, the route table's heads as a JSON literal. */
export function routeHeadsDefine(): Promise<{ __CUI_ROUTE_HEADS__: string }>;
