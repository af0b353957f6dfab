import { Box, Card, CardContent, ListItem, List as MuiList, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AdminPollResults } from '@storefront/contracts/admin-activities';
import { useQuery } from '@tanstack/react-query';
import { EditButton, Show, TopToolbar, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { api } from '../../lib/api.ts';
import { companyPath } from '../../lib/data-provider.ts';

// The poll's results as charts: its own chunk (with @mui/x-charts), loaded only when opened, so the
// admin entry and the other screens stay small (decision 021-admin-framework).

type Question = AdminPollResults['questions'][number];

function ChoiceResults({ question }: { question: Question }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const percent = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'es-PE', {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const label = (option: Question['options'][number]) =>
    translate('admin.polls.option_result', { count: option.count, share: percent.format(option.share) });
  return (
    <>
      {/* The chart is a picture of the list below, which screen readers read instead. */}
      <Box aria-hidden="true" data-testid="poll-chart">
        <BarChart
          layout="horizontal"
          height={60 + 44 * question.options.length}
          yAxis={[{ scaleType: 'band', data: question.options.map((o) => o.text), width: 140 }]}
          xAxis={[{ min: 0, tickMinStep: 1 }]}
          series={[
            {
              data: question.options.map((o) => o.count),
              label: translate('admin.polls.answers'),
              valueFormatter: (value, { dataIndex }) => {
                const option = question.options[dataIndex];
                return option ? label(option) : String(value);
              },
            },
          ]}
          hideLegend
        />
      </Box>
      <MuiList dense aria-label={question.text}>
        {question.options.map((option) => (
          <ListItem key={option.uid}>
            {option.text}: {label(option)}
          </ListItem>
        ))}
      </MuiList>
    </>
  );
}

function TextResults({ question }: { question: Question }) {
  const translate = useTranslate();
  return question.texts.length === 0 ? (
    <Typography variant="body2">{translate('admin.polls.no_answers')}</Typography>
  ) : (
    <MuiList dense aria-label={question.text}>
      {question.texts.map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two members may write the same text
        <ListItem key={i}>“{text}”</ListItem>
      ))}
    </MuiList>
  );
}

function Results() {
  const record = useRecordContext();
  const translate = useTranslate();
  const results = useQuery({
    queryKey: ['admin', 'poll-results', companyPath('polls', String(record?.id))],
    queryFn: async () => (await api<AdminPollResults>(companyPath('polls', record?.id, 'results'))).json,
    enabled: Boolean(record?.id),
  });
  if (!record || !results.data) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, p: 2 }}>
      <Typography component="h2" variant="h6">
        {record.title}
      </Typography>
      <Typography data-testid="poll-responses">
        {translate('admin.polls.responses', { smart_count: results.data.responses })}
      </Typography>
      {results.data.questions.map((question, i) => (
        <Card key={question.uid} variant="outlined" component="section" aria-labelledby={`question-${i}`}>
          <CardContent>
            <Typography component="h3" variant="subtitle1" id={`question-${i}`}>
              {question.text}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('admin.polls.answered_by', { smart_count: question.answered })}
            </Typography>
            {question.type === 'CHOICE' ? (
              <ChoiceResults question={question} />
            ) : (
              <TextResults question={question} />
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function ResultsActions() {
  return (
    <TopToolbar>
      <EditButton />
    </TopToolbar>
  );
}

/** `polls/{uid}/show`: each question's answers as a bar chart, with the counts and shares as text. */
export function PollResults() {
  return (
    <Show actions={<ResultsActions />} title="admin.polls.results">
      <Results />
    </Show>
  );
}
