/** The receipt status badge is shared with 'Contas de Alunos' (src/components/status-badges). */
export { ReceiptStatusBadge } from "../../../components/status-badges";
