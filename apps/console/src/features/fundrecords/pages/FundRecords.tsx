import { FundRecordTable } from '../components/FundRecordTable';

/** 资金记录 (/capital/fundrecords): every balance change of the ledger, with totals and export. */
export default function FundRecords() {
  return <FundRecordTable />;
}
