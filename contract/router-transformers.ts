/**
 * The transformers @musistudio/llms 1.0.53 (the router) registers, by the name a provider's `transformer.use` takes
 * (server/src/features/router/router-transformers.test.ts checks them against the installed package). 'none' is a plain OpenAI-compatible endpoint.
 */
export const ROUTER_TRANSFORMERS = [
  'openrouter', 'deepseek', 'gemini', 'groq', 'cerebras', 'Anthropic', 'OpenAI', 'openai-responses', 'vercel',
  'vertex-gemini', 'vertex-claude', 'vertex-openai', 'maxtoken', 'maxcompletiontokens', 'tooluse', 'enhancetool',
  'cleancache', 'reasoning', 'forcereasoning', 'extrathinktag', 'sampling', 'streamoptions', 'customparams',
] as const;
