import { IssueList } from './IssueList';

/** 新债列表 (/newshares/newzhailist). */
export default function NewBondList() {
  return <IssueList kind="bond" />;
}
