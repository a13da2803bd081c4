import { RECEIPT_SENDING_STATUSES } from "@app/shared/enrollment-review";
import { type EnrollmentStatus, enrollmentStatusLabel } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { Loader, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { SEARCH_DEBOUNCE_MS } from "../lib/server-list";

/** What the choice shows of an enrolment ('Inscrições' search rows). */
export interface EnrollmentOption {
  id: string;
  studentName: string;
  courseName: string;
  studentPhone: string;
  coursePrice: number;
  paymentReferenceCode: string | null;
  status: EnrollmentStatus;
}

/**
 * Finding the enrolment a payment belongs to ('Atribuir' a bank-statement line, 'Aplicar à inscrição' a
 * Multicaixa payment): a search by name, code or phone and the enrolments found, of which only those
 * awaiting payment can be chosen (the others are shown, disabled). `useEnrollmentChoice` keeps the search,
 * its answer and the choice.
 */
export function EnrollmentChoice({
  search,
  onSearch,
  q,
  rows,
  searching,
  chosen,
  onChoose,
  error,
}: {
  search: string;
  onSearch: (text: string) => void;
  /** The debounced search the rows answer. */
  q: string;
  rows: EnrollmentOption[] | undefined;
  searching: boolean;
  chosen: string | null;
  onChoose: (id: string) => void;
  error: string | undefined;
}) {
  const shown = q.length >= 2 && rows !== undefined;
  return (
    <>
      <TextInput
        label="Pesquisar inscrição"
        description="Nome, código de referência ou telefone do aluno"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        data-autofocus
      />
      {searching && <Loader size="sm" aria-label="A pesquisar" />}
      {shown && (
        <Radio.Group label="Inscrições encontradas" value={chosen} onChange={onChoose} error={error}>
          <Stack gap="xs" mt="xs">
            {rows.length === 0 && (
              <Text size="sm" c="dimmed">
                Nenhuma inscrição encontrada
              </Text>
            )}
            {rows.map((r) => {
              const payable = RECEIPT_SENDING_STATUSES.includes(r.status);
              return (
                <Radio
                  key={r.id}
                  value={r.id}
                  disabled={!payable}
                  label={`${r.studentName} — ${r.courseName}`}
                  description={`Ref. ${r.paymentReferenceCode ?? "—"} · ${r.studentPhone} · ${formatKz(r.coursePrice)} · ${enrollmentStatusLabel(r.status)}${payable ? "" : " (não aguarda pagamento)"}`}
                />
              );
            })}
          </Stack>
        </Radio.Group>
      )}
      {!shown && error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}

type ChoiceProps = Parameters<typeof EnrollmentChoice>[0];

/**
 * The state of an `EnrollmentChoice`: the search (debounced, answered by the caller's `searchQuery`,
 * 'Inscrições' with `q` at least 2 characters), the enrolment chosen and the error shown when none is.
 */
export function useEnrollmentChoice<T extends { rows: EnrollmentOption[] }, K extends QueryKey>(
  searchQuery: (q: string) => UseQueryOptions<T, Error, T, K>,
  initialSearch = "",
) {
  const [search, setSearch] = useState(initialSearch);
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const found = useQuery(searchQuery(q));
  const props: ChoiceProps = {
    search,
    onSearch: setSearch,
    q,
    rows: found.data?.rows,
    searching: found.isFetching,
    chosen,
    onChoose: (id) => {
      setChosen(id);
      setError(undefined);
    },
    error,
  };
  return { chosen, refuse: setError, props };
}
