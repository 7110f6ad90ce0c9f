#pragma once

#include <QWidget>

class QLabel;
class QToolButton;

namespace rd {

struct MergeRequest;

// Title, collapsible description, the three commits and the totals.
class MergeRequestHeader : public QWidget
{
    Q_OBJECT

public:
    explicit MergeRequestHeader(QWidget *parent = nullptr);
    void setMergeRequest(const MergeRequest *mr);
    void setDescriptionVisible(bool visible);
    bool isDescriptionVisible() const;

private:
    QLabel *m_title = nullptr;
    QToolButton *m_toggle = nullptr;
    QLabel *m_description = nullptr;
    QLabel *m_meta = nullptr;
};

} // namespace rd
