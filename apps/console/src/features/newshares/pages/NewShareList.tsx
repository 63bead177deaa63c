import { IssueList } from './IssueList';

/** 新股列表 (/newshares/newshareslist). */
export default function NewShareList() {
  return <IssueList kind="share" />;
}
