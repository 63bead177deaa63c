import { FundRecordTable } from '../components/FundRecordTable';

/** 资金互转记录 (/capital/fundtransferrecord, hidden in the menu): the transfer_in / transfer_out records. */
export default function FundTransferRecords() {
  return <FundRecordTable transfers />;
}
