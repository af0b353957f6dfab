import { ERRORS } from '@storefront/contracts/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Picture } from '../../../components/ui/picture.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type Poll, type PollAnswers, useAnswerPoll, usePoll } from '../api/polls-api.ts';

interface DetailProps {
  programUid: string;
  pollUid: string;
  onBack(): void;
}

export function PollDetail({ programUid, pollUid, onBack }: DetailProps) {
  const { t } = useTranslation('polls');
  const poll = usePoll(programUid, pollUid);
  return (
    <section className="activity-detail">
      <button type="button" className="link-button back-link" onClick={onBack}>
        ← {t('back')}
      </button>
      {poll.isPending ? (
        <LoadingState count={3} label={t('loading')} />
      ) : poll.isError ? (
        <ErrorState
          message={poll.error instanceof ApiError && poll.error.status === 404 ? t('notFound') : undefined}
          onRetry={() => poll.refetch()}
        />
      ) : (
        <PollForm programUid={programUid} poll={poll.data} />
      )}
    </section>
  );
}

/** The answers so far: an option uid or a text per question uid. */
type Draft = Record<string, string>;

/** The poll's answers in the body's shape, or null when a question is unanswered (every one is required). */
export function pollAnswers(poll: Pick<Poll, 'questions'>, draft: Draft): PollAnswers | null {
  const answers: PollAnswers = [];
  for (const question of poll.questions) {
    const value = (draft[question.uid] ?? '').trim();
    if (!value) return null;
    answers.push(
      question.type === 'TEXT'
        ? { question: question.uid, text: value }
        : { question: question.uid, option: value },
    );
  }
  return answers;
}

function PollForm({ programUid, poll }: { programUid: string; poll: Poll }) {
  const { t, i18n } = useTranslation('polls');
  const answer = useAnswerPoll(programUid, poll.uid);
  const [draft, setDraft] = useState<Draft>({});
  const [incomplete, setIncomplete] = useState(false);
  const language = i18n.language === 'en' ? 'en' : 'es';
  const set = (question: string, value: string) => setDraft((current) => ({ ...current, [question]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const answers = pollAnswers(poll, draft);
    setIncomplete(answers === null);
    if (answers) answer.mutate(answers);
  };

  const header = (
    <>
      {poll.image && <Picture src={poll.image} alt="" width={640} height={320} className="activity-image" />}
      <h1>{poll.title}</h1>
      <p>{poll.description}</p>
    </>
  );

  if (poll.is_resolved || answer.isSuccess) {
    return (
      <article className="activity-body">
        {header}
        <p className="form-success" role="status">
          {answer.isSuccess ? t('thanks') : t('alreadyAnswered')}
        </p>
      </article>
    );
  }

  const missing = (uid: string) => incomplete && !(draft[uid] ?? '').trim();
  return (
    <article className="activity-body">
      {header}
      <form onSubmit={submit} noValidate className="activity-form">
        {poll.questions.map((question, index) =>
          question.type === 'TEXT' ? (
            <div key={question.uid} className="field">
              <label htmlFor={`q-${question.uid}`}>
                {index + 1}. {question.text}
              </label>
              <textarea
                id={`q-${question.uid}`}
                rows={3}
                required
                placeholder={t('answerPlaceholder')}
                aria-invalid={missing(question.uid) ? true : undefined}
                value={draft[question.uid] ?? ''}
                onChange={(event) => set(question.uid, event.target.value)}
              />
              {missing(question.uid) && <p className="form-error">{t('required')}</p>}
            </div>
          ) : (
            <fieldset
              key={question.uid}
              className="poll-question"
              aria-invalid={missing(question.uid) ? true : undefined}
            >
              <legend>
                {index + 1}. {question.text}
              </legend>
              {question.options.map((option) => (
                <label key={option.uid} className="checkbox-field">
                  <input
                    type="radio"
                    name={question.uid}
                    value={option.uid}
                    required
                    checked={draft[question.uid] === option.uid}
                    onChange={() => set(question.uid, option.uid)}
                  />
                  {option.text}
                </label>
              ))}
              {missing(question.uid) && <p className="form-error">{t('required')}</p>}
            </fieldset>
          ),
        )}
        {incomplete && (
          <p className="form-error" role="alert">
            {ERRORS.POLL_INCOMPLETE[language]}
          </p>
        )}
        {answer.isError && (
          <p className="form-error" role="alert">
            {(answer.error instanceof ApiError && answer.error.firstMessage()) || t('common:errors.generic')}
          </p>
        )}
        <div className="actions">
          <SubmitButton className="button" disabled={answer.isPending}>
            {answer.isPending ? t('sending') : t('submit')}
          </SubmitButton>
        </div>
      </form>
    </article>
  );
}
