import { useState } from 'react';
import { VOICE_HEALTH_FETCH_FAILED } from '@cui/contract';
import { routes } from '@/app/routes';
import { useApiQuery } from '@/app/use-api-query';
import { Button } from '@/ui';
import { GeminiKeyForm } from './GeminiKeyForm';

function SetupInstructions() {
  return (
    <div className="flex flex-col gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40">
      <p className="font-medium">To set up voice input:</p>
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          Get an API key from{' '}
          <a className="underline" href="https://aistudio.google.com/apikey" target="_blank" rel="noreferrer">
            Google AI Studio
          </a>
          .
        </li>
        <li>
          Set the <code>GOOGLE_API_KEY</code> environment variable (or <code>GEMINI_API_KEY</code>) for the server, or
        </li>
        <li>
          put the key in the config file under <code>gemini.apiKey</code> (or enter it below).
        </li>
      </ol>
    </div>
  );
}

/** Voice Input tab (spec §2): the provider's status with Check Status, setup instructions when unhealthy, the key, the privacy note. */
export function VoiceInputSection() {
  const health = useApiQuery(routes.voice.health);
  const [checked, setChecked] = useState(false);
  // The last check's own result: a failed check shows 'Failed to fetch status' even when an earlier one succeeded
  // (the query keeps its last data until a load succeeds; its error is cleared only by a success).
  const shown = health.error ? VOICE_HEALTH_FETCH_FAILED : health.data;
  const check = () => {
    setChecked(true);
    health.refetch();
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-medium">Gemini</h3>
          <div className="flex items-center gap-2 text-sm">
            {checked && shown && !health.loading && (
              <span className={shown.status === 'healthy' ? 'text-green-700 dark:text-green-400' : 'text-red-600 dark:text-red-400'}>
                {shown.status === 'healthy' ? 'Success' : 'Error'}
              </span>
            )}
            <Button type="button" size="sm" variant="ghost" className="underline" disabled={health.loading} onClick={check}>
              Check Status
            </Button>
          </div>
        </div>
        <p className="text-sm text-neutral-600 dark:text-neutral-400" aria-label="Voice status">
          {shown ? shown.message : 'Checking...'}
        </p>
      </div>
      {shown && shown.status !== 'healthy' && <SetupInstructions />}
      <GeminiKeyForm onSaved={check} />
      <p className="text-xs text-neutral-500 dark:text-neutral-400">
        Privacy: your recordings are sent to Google's Gemini API to be transcribed. On the free tier Google may use them
        to improve its products. Microphone access on iOS Safari needs the console to be served over HTTPS.
      </p>
    </div>
  );
}
