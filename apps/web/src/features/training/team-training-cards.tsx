import { GroupsCard } from './groups-card.tsx';
import { TasksCard } from './tasks-card.tsx';

/** The team centre's 成员分组 and 学习任务 (OWNER/ADMIN), loaded apart: the form's date pickers are heavy. */
const TeamTrainingCards = ({ writable }: { writable: boolean }) => (
  <>
    <GroupsCard writable={writable} />
    <TasksCard writable={writable} />
  </>
);
export default TeamTrainingCards;
