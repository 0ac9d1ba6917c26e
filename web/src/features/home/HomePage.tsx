import { AppLayout } from '@/app/AppLayout';
import { useNavigate } from 'react-router';
import { Composer } from '@/features/composer';
import type { ScheduleNavigationState } from '@/features/schedules';
import { SessionTabs } from './SessionTabs';
import { useStartTask } from './use-start-task';

/** Home (spec §2): the new-task composer above the Tasks / History / Archive lists. */
export function HomePage() {
  const startTask = useStartTask();
  const navigate = useNavigate();
  return (
    <AppLayout>
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-3 pt-8 pb-16 sm:px-6 sm:pt-16">
        <Composer
          heading="What is the next task?"
          placeholder="Describe a task… (@ for files, / for commands)"
          selectDirectory
          onSubmit={startTask}
          onSchedule={(scheduleDraft) => {
            const state: ScheduleNavigationState = { scheduleDraft };
            void navigate('/schedules', { state });
          }}
        />
        <SessionTabs />
      </div>
    </AppLayout>
  );
}
