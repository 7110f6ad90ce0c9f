#include "FileDiff.h"

namespace rd {

const char *statusName(FileStatus status)
{
    switch (status) {
    case FileStatus::Added: return "added";
    case FileStatus::Deleted: return "deleted";
    case FileStatus::Modified: return "modified";
    case FileStatus::Renamed: return "renamed";
    case FileStatus::Copied: return "copied";
    case FileStatus::TypeChange: return "typechange";
    }
    return "modified";
}

} // namespace rd
